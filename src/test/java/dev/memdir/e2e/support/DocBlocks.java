package dev.memdir.e2e.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The fenced blocks of one section of a page of {@code docs/}, for the tests that run a page's commands as written. */
public final class DocBlocks {

    /**
     * One fenced block.
     *
     * @param language what follows the opening fence ({@code sh}, {@code text}, ...)
     * @param text the block's lines, each ending in a newline
     */
    public record Block(String language, String text) {}

    private DocBlocks() {}

    /** Returns the blocks of the section of {@code page} that {@code heading} (a {@code ## } line) begins. */
    public static List<Block> of(Path page, String heading) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int start = lines.indexOf(heading);
        if (start < 0) {
            throw new IllegalStateException(page + " has no line " + heading);
        }
        List<Block> blocks = new ArrayList<>();
        String language = null;
        StringBuilder block = new StringBuilder();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (language == null && line.startsWith("## ")) {
                break;
            }
            if (language == null && line.startsWith("```")) {
                language = line.substring(3);
                block.setLength(0);
            } else if (language != null && line.equals("```")) {
                blocks.add(new Block(language, block.toString()));
                language = null;
            } else if (language != null) {
                block.append(line).append('\n');
            }
        }
        return blocks;
    }

    /** Returns the {@code sh} blocks of the section of {@code page} that {@code heading} begins. */
    public static List<String> shell(Path page, String heading) throws IOException {
        return of(page, heading).stream().filter(block -> block.language().equals("sh")).map(Block::text).toList();
    }
}
