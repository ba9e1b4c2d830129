package dev.memdir.memory.torture;

import static dev.memdir.memory.torture.TortureFiles.DIRECTORIES;
import static dev.memdir.memory.torture.TortureFiles.KNOWN;
import static dev.memdir.memory.torture.TortureFiles.MOVED;
import static dev.memdir.memory.torture.TortureFiles.path;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one unit of a store sees of the files a kill test's writers change: the text of each known file and of each
 * moved file under either name of its directory, and which of the two directories exist.
 */
record Snapshot(Map<String, Optional<String>> texts, List<String> directories) {

    /** Reads the snapshot in one unit of {@code store}. */
    static Snapshot of(MemoryStore store) throws IOException, CommandException {
        return store.read(files -> {
            Map<String, Optional<String>> texts = new LinkedHashMap<>();
            for (String name : KNOWN) {
                texts.put(name, text(files, name));
            }
            List<String> directories = new ArrayList<>();
            for (String directory : DIRECTORIES) {
                if (files.entry(path(directory)).isDirectory()) {
                    directories.add(directory);
                }
                for (String name : MOVED) {
                    texts.put(directory + "/" + name, text(files, directory + "/" + name));
                }
            }
            return new Snapshot(texts, directories);
        });
    }

    private static Optional<String> text(MemoryFiles files, String relative) throws IOException, CommandException {
        MemoryPath path = path(relative);
        return files.entry(path).isFile() ? Optional.of(new String(files.read(path), StandardCharsets.UTF_8))
                : Optional.empty();
    }

    /** Returns the paths whose texts differ in {@code other}, and the directories when they differ. */
    List<String> differences(Snapshot other) {
        List<String> differences = new ArrayList<>(texts.keySet().stream()
                .filter(relative -> !texts.get(relative).equals(other.texts.get(relative))).toList());
        if (!directories.equals(other.directories)) {
            differences.add("directories " + directories + " and " + other.directories);
        }
        return differences;
    }

    /** Returns the text of the file at {@code relative}, empty when there is none. */
    Optional<String> text(String relative) {
        return texts.get(relative);
    }
}
