package dev.memdir.memory.directory;

import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/** An entry of an opened directory: its name and its attributes (a link's own). */
record DirectoryEntry(String name, BasicFileAttributes attributes) {

    /** Returns the entries of {@code directory}, in no particular order; one that vanishes meanwhile is left out. */
    static List<DirectoryEntry> of(OpenedDirectory directory) throws IOException {
        List<DirectoryEntry> entries = new ArrayList<>();
        for (String name : directory.names()) {
            BasicFileAttributes attributes = directory.attributes(name);
            if (attributes != null) {
                entries.add(new DirectoryEntry(name, attributes));
            }
        }
        return entries;
    }
}
