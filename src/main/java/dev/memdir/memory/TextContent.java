package dev.memdir.memory;

import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The text of a memory file: UTF-8, lines split on {@code \n} only (a {@code \r} stays on its line). */
final class TextContent {

    private TextContent() {}

    /** Decodes for editing: bytes that are not UTF-8 would be destroyed by a rewrite, so they are refused. */
    static String decodeForEdit(byte[] bytes, String path) throws CommandException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new CommandException(Messages.notUtf8(path));
        }
    }

    /** Decodes for viewing, showing bytes that are not UTF-8 as U+FFFD. */
    static String decodeForView(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static byte[] encode(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Returns {@code text.split("\n")} keeping trailing empty lines, as the reference does. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
            lines.add(text.substring(start, i));
            start = i + 1;
        }
        lines.add(text.substring(start));
        return lines;
    }

    /** Returns the 1-based line on which character {@code index} stands. */
    static int lineAt(String text, int index) {
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    /** Returns lines {@code first..last} (1-based, inclusive) numbered as {@code view} shows them. */
    static String numbered(List<String> lines, int first, int last) {
        StringBuilder out = new StringBuilder();
        for (int number = first; number <= last; number++) {
            if (number > first) {
                out.append('\n');
            }
            out.append(Messages.numberedLine(number, lines.get(number - 1)));
        }
        return out.toString();
    }
}
