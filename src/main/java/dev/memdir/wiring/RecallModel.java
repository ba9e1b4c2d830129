package dev.memdir.wiring;

import dev.memdir.config.RecallSettings;
import dev.memdir.recall.Embedder;
import dev.memdir.recall.Embedding;
import dev.memdir.recall.model.BilingualModel;
import java.util.Optional;

/** The one embedding model of the process, for every memory it serves, made only when recall is hybrid. */
public final class RecallModel {

    private static Embedding shared;

    private RecallModel() {}

    /**
     * Returns the process's embedding when {@code settings} make recall hybrid (the first settings to ask cap its
     * threads); nothing of the model loads before recall first needs it.
     */
    public static synchronized Optional<Embedding> of(RecallSettings settings) {
        if (!settings.hybrid()) {
            return Optional.empty();
        }
        if (shared == null) {
            shared = new Embedding(BilingualModel.MODEL, () -> Model.load(), settings.threads());
        }
        return Optional.of(shared);
    }

    /** The call that names the model's classes: a class of its own, so none of them loads before it runs. */
    private static final class Model {
        static Embedder load() {
            return BilingualModel.load();
        }
    }
}
