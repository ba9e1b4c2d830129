package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The directory store's walks of its regular files at any depth: those a listing shows ({@link MemoryNames#listed}),
 * all but memdir's own ({@link MemoryNames#reserved}), or every one. Each directory is opened relative to the one
 * above it; links are neither followed nor reported.
 */
final class MemoryFileWalk {

    /** Receives one file: the directory that holds it, the names of its path below the walk's top, its attributes. */
    interface Visitor {
        void visit(OpenedDirectory parent, List<String> segments, BasicFileAttributes attributes) throws IOException;
    }

    private static final Predicate<String> MEMORY = name -> !MemoryNames.reserved(name);
    private static final Predicate<String> ANY = name -> true;

    private MemoryFileWalk() {}

    /** Walks the files a listing shows; unreadable places are skipped. */
    static void listed(OpenedDirectory root, Visitor visitor) throws IOException {
        walk(root, new ArrayList<>(), MemoryNames::listed, MemoryNames::listed, false, visitor);
    }

    /** Walks every memory file, hidden ones included; unreadable places are skipped. */
    static void all(OpenedDirectory root, Visitor visitor) throws IOException {
        walk(root, new ArrayList<>(), MEMORY, MEMORY, false, visitor);
    }

    /** Walks every regular file, memdir's own included; unreadable places are skipped. */
    static void everything(OpenedDirectory root, Visitor visitor) throws IOException {
        walk(root, new ArrayList<>(), ANY, ANY, false, visitor);
    }

    /**
     * Walks the memory files at or below the entry {@code name} of {@code parent} (the entry itself when it is a
     * file), their segments starting with {@code name}; a place that cannot be read fails the walk.
     */
    static void below(OpenedDirectory parent, String name, Visitor visitor) throws IOException {
        BasicFileAttributes attributes = parent.attributes(name);
        if (attributes == null) {
            throw new NoSuchFileException(parent.path().resolve(name).toString());
        }
        List<String> segments = new ArrayList<>(List.of(name));
        if (attributes.isDirectory()) {
            walkInto(parent, segments, ANY, MEMORY, true, visitor);
        } else if (attributes.isRegularFile() && MEMORY.test(name)) {
            visitor.visit(parent, List.copyOf(segments), attributes);
        }
    }

    private static void walkInto(OpenedDirectory parent, List<String> segments, Predicate<String> entered,
            Predicate<String> visited, boolean strict, Visitor visitor) throws IOException {
        OpenedDirectory directory;
        try {
            directory = parent.directory(segments.get(segments.size() - 1));
        } catch (IOException unreadable) {
            if (strict) {
                throw unreadable;
            }
            return;
        }
        try (directory) {
            walk(directory, segments, entered, visited, strict, visitor);
        }
    }

    private static void walk(OpenedDirectory directory, List<String> segments, Predicate<String> entered,
            Predicate<String> visited, boolean strict, Visitor visitor) throws IOException {
        List<DirectoryEntry> entries;
        try {
            entries = DirectoryEntry.of(directory);
        } catch (IOException unreadable) {
            if (strict) {
                throw unreadable;
            }
            return;
        }
        for (DirectoryEntry entry : entries) {
            segments.add(entry.name());
            if (entry.attributes().isDirectory() && entered.test(entry.name())) {
                walkInto(directory, segments, entered, visited, strict, visitor);
            } else if (entry.attributes().isRegularFile() && visited.test(entry.name())) {
                visitor.visit(directory, List.copyOf(segments), entry.attributes());
            }
            segments.remove(segments.size() - 1);
        }
    }
}
