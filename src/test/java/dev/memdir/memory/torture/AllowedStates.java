package dev.memdir.memory.torture;

import static dev.memdir.memory.torture.TortureFiles.DIRECTORIES;
import static dev.memdir.memory.torture.TortureFiles.KNOWN;
import static dev.memdir.memory.torture.TortureFiles.MOVED;
import static dev.memdir.memory.torture.TortureFiles.moved;
import static dev.memdir.memory.torture.TortureFiles.version;
import static dev.memdir.memory.torture.TortureFiles.versionOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a memory may hold after a {@link TortureWriter} was killed, from what it held before the writer started and
 * the lines the writer printed: every call it reported done landed whole; the call it started and did not report,
 * the one the kill cut, landed whole or not at all; nothing else changed.
 */
final class AllowedStates {

    private final Map<String, Integer> versions;
    private String directory;
    private String[] started;
    private int done;

    private AllowedStates(Map<String, Integer> versions, String directory) {
        this.versions = versions;
        this.directory = directory;
    }

    /** Starts from {@code before}, which must hold every file whole and the moved directory whole under one name. */
    static AllowedStates from(Snapshot before, String where) {
        Map<String, Integer> versions = new HashMap<>();
        for (String name : KNOWN) {
            versions.put(name, wholeVersion(before, name, where));
        }
        return new AllowedStates(versions, wholeDirectory(before, where));
    }

    /**
     * Takes in a line the writer printed: {@code start write NAME VERSION}, {@code start rename FROM TO} or
     * {@code done}.
     */
    void heard(String line) {
        if (line.equals("done")) {
            if (started[1].equals("write")) {
                versions.put(started[2], Integer.parseInt(started[3]));
            } else {
                directory = started[3];
            }
            started = null;
            done++;
        } else {
            started = line.split(" ");
        }
    }

    /** Returns whether the kill cut a call: the writer started one it did not report done. */
    boolean cut() {
        return started != null;
    }

    /** Returns how many calls the writer reported done. */
    int done() {
        return done;
    }

    /**
     * Fails unless {@code after} holds every known file whole at its allowed version and the moved directory whole
     * under its allowed name, and nothing of it under the other.
     */
    void check(Snapshot after, String where) {
        for (String name : KNOWN) {
            boolean cutHere = cut() && started[1].equals("write") && started[2].equals(name);
            assertThat(wholeVersion(after, name, where)).as("%s: the version of %s", where, name)
                    .isIn(cutHere ? List.of(versions.get(name), Integer.parseInt(started[3]))
                            : List.of(versions.get(name)));
        }
        boolean renameCut = cut() && started[1].equals("rename");
        assertThat(wholeDirectory(after, where)).as("%s: where the moved directory is", where)
                .isIn(renameCut ? List.of(directory, started[3]) : List.of(directory));
    }

    private static int wholeVersion(Snapshot snapshot, String name, String where) {
        String content = snapshot.text(name).orElse("");
        int version = versionOf(name, content);
        assertThat(version >= 0 && content.equals(version(name, version)))
                .as("%s: %s holds none of its versions whole (%d characters): torn, mixed or gone", where, name,
                        content.length())
                .isTrue();
        return version;
    }

    private static String wholeDirectory(Snapshot snapshot, String where) {
        assertThat(snapshot.directories()).as("%s: the moved directory's names that exist", where).hasSize(1);
        String directory = snapshot.directories().get(0);
        String other = DIRECTORIES.get(DIRECTORIES.indexOf(directory) == 0 ? 1 : 0);
        for (String name : MOVED) {
            assertThat(snapshot.text(directory + "/" + name)).as("%s: %s/%s", where, directory, name)
                    .isEqualTo(Optional.of(moved(name)));
            assertThat(snapshot.text(other + "/" + name)).as("%s: %s/%s", where, other, name).isEmpty();
        }
        return directory;
    }
}
