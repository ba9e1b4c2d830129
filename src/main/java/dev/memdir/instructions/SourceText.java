package dev.memdir.instructions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** Reads an instruction file: its size, and its text when it is a text file of at most 4 MiB. */
final class SourceText {

    static final long MAX_BYTES = 4L * 1024 * 1024;

    /** What reading found: the raw size, and either the text or why there is none. */
    record Read(long rawBytes, Optional<String> text, Optional<SkipReason> problem) {}

    private SourceText() {}

    static Read read(InstructionSource source, Path path) throws IOException {
        Optional<InstructionSource.Attributes> found = source.attributes(path);
        if (found.isEmpty()) {
            return new Read(0, Optional.empty(), Optional.of(SkipReason.MISSING));
        }
        InstructionSource.Attributes attributes = found.get();
        if (attributes.kind() != InstructionSource.Kind.FILE) {
            return new Read(attributes.size(), Optional.empty(), Optional.of(SkipReason.NOT_TEXT));
        }
        if (attributes.size() > MAX_BYTES) {
            return new Read(attributes.size(), Optional.empty(), Optional.of(SkipReason.TOO_LARGE));
        }
        byte[] bytes = source.bytes(path);
        Optional<String> text = decode(bytes);
        return new Read(bytes.length, text, text.isPresent() ? Optional.empty() : Optional.of(SkipReason.NOT_TEXT));
    }

    /** Returns the UTF-8 text, or empty for bytes that are not text (invalid UTF-8, or a NUL byte). */
    private static Optional<String> decode(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return Optional.empty();
            }
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
