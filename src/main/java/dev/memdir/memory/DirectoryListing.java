package dev.memdir.memory;

import dev.memdir.memory.render.Messages;
import dev.memdir.memory.render.SizeFormat;
import dev.memdir.memory.store.ListedEntry;
import java.util.List;

/** The {@code view} of a directory: itself, then a pre-order walk of two levels, sorted by name at each level. */
final class DirectoryListing {

    static final int DEPTH = 2;

    private DirectoryListing() {}

    static String render(String display, long size, List<ListedEntry> entries) {
        StringBuilder listing = new StringBuilder(Messages.directoryHeader(display));
        line(listing, size, display);
        for (ListedEntry entry : entries) {
            line(listing, entry.size(), entry.path());
            if (entry.directory()) {
                listing.append('/');
            }
        }
        return listing.toString();
    }

    private static void line(StringBuilder listing, long size, String display) {
        listing.append('\n').append(SizeFormat.format(size)).append('\t').append(display);
    }
}
