package dev.memdir.memory.s3;

import dev.memdir.memory.store.TableFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What committing a draft writes: the next head, and a new base when the draft folds (its delta grew past
 * {@link #FOLD_PATHS} keys, or it redacted a version, whose SHA-256 and content's name must leave the base).
 */
final class NextCommit {

    static final int FOLD_PATHS = 256;
    private static final int RECENT = 64;
    private static final int RECENT_CHARACTERS = 16 * 1024;

    private final Head head;
    private final Base base;
    private final Manifest manifest;

    private NextCommit(Head head, Base base, Manifest manifest) {
        this.head = head;
        this.base = base;
        this.manifest = manifest;
    }

    /** Returns the commit of {@code draft}, a draft of {@code from}. */
    static NextCommit of(Manifest from, ManifestDraft draft, TableFiles.Totals totals, Set<String> changed,
            String session) {
        long generation = from.generation() + 1;
        List<Head.Recent> recent = new ArrayList<>();
        recent.add(new Head.Recent(generation, listed(changed)));
        from.head().recent().stream().limit(RECENT - 1).forEach(recent::add);
        boolean fold = draft.redacted()
                || draft.entries().map().delta().size() + draft.history().map().delta().size() > FOLD_PATHS;
        Base base = null;
        Head.BaseReference reference = from.head().base();
        if (fold) {
            base = new Base(Head.FORMAT, generation, draft.entries().map().folded(),
                    draft.history().map().folded());
            reference = new Head.BaseReference(RandomNames.base(generation), generation);
        }
        Head head = new Head(Head.FORMAT, from.head().namespace(), generation, draft.now().toString(), session,
                totals.usage().files(), totals.usage().bytes(), totals.historyBytes(), draft.history().nextOrder(),
                reference, fold ? Map.of() : draft.entries().map().delta(),
                fold ? Map.of() : draft.history().map().delta(), recent);
        return new NextCommit(head, base, fold ? new Manifest(head, base) : from.next(head));
    }

    private static List<String> listed(Set<String> changed) {
        int characters = changed.stream().mapToInt(String::length).sum();
        return characters > RECENT_CHARACTERS ? null : changed.stream().sorted().toList();
    }

    Head head() {
        return head;
    }

    /** Returns the base to upload before the commit, or null when the head builds on the one it started from. */
    Base base() {
        return base;
    }

    /** Returns the state the commit makes, to validate the next call against. */
    Manifest manifest() {
        return manifest;
    }
}
