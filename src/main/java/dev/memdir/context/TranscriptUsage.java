package dev.memdir.context;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.OptionalLong;

/**
 * How many tokens a Claude Code session's context holds: the usage of the last answer in its transcript, a JSON line
 * per entry, read from the end. Only a transcript below Claude Code's {@code projects} folder is read, only its last
 * {@value #TAIL_BYTES} bytes, and only numbers are taken from it: the path comes from a tool call, and a stdio server
 * runs as the user whose files those are (a team server never reads one).
 */
public final class TranscriptUsage {

    static final int TAIL_BYTES = 1 << 20;
    private static final String SUFFIX = ".jsonl";
    private static final List<String> COUNTED = List.of("input_tokens", "cache_creation_input_tokens",
            "cache_read_input_tokens", "output_tokens");

    private final Path projects;
    private final ObjectMapper json;

    /** {@code claudeConfig} is Claude Code's configuration directory, whose {@code projects} hold the transcripts. */
    public TranscriptUsage(Path claudeConfig, ObjectMapper json) {
        this.projects = claudeConfig.resolve("projects");
        this.json = json;
    }

    /** Returns the tokens the context of the transcript at {@code transcript} held at its last answer, if known. */
    public OptionalLong tokens(String transcript) {
        try {
            Path path = Path.of(transcript);
            if (!path.isAbsolute() || !path.getFileName().toString().endsWith(SUFFIX)) {
                return OptionalLong.empty();
            }
            Path real = path.toRealPath();
            if (!real.startsWith(projects.toRealPath()) || !Files.isRegularFile(real)) {
                return OptionalLong.empty();
            }
            return lastUsage(tail(real));
        } catch (IOException | InvalidPathException | SecurityException unreadable) {
            return OptionalLong.empty();
        }
    }

    private static String tail(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_BYTES);
            ByteBuffer bytes = ByteBuffer.allocate((int) (size - from));
            int read;
            do {
                read = channel.read(bytes, from + bytes.position());
            } while (read > 0 && bytes.hasRemaining());
            String text = new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
            return from == 0 ? text : text.substring(text.indexOf('\n') + 1);
        }
    }

    /** The last answer's usage, unless a compaction came after it (what it held is summarized now). */
    private OptionalLong lastUsage(String lines) {
        String[] entries = lines.split("\n");
        for (int i = entries.length - 1; i >= 0; i--) {
            String line = entries[i];
            if (!line.contains("\"compact_boundary\"") && !line.contains("\"usage\"")) {
                continue;
            }
            JsonNode entry;
            try {
                entry = json.readTree(line);
            } catch (IOException notJson) {
                continue;
            }
            if ("compact_boundary".equals(entry.path("subtype").asText())) {
                return OptionalLong.empty();
            }
            JsonNode usage = entry.path("message").path("usage");
            if ("assistant".equals(entry.path("type").asText()) && !entry.path("isSidechain").asBoolean()
                    && usage.isObject()) {
                return OptionalLong.of(COUNTED.stream().mapToLong(field -> usage.path(field).asLong()).sum());
            }
        }
        return OptionalLong.empty();
    }
}
