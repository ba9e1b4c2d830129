package dev.memdir.server.feature;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A prompt a client can offer its user: what it lists, what getting it answers, and its arguments' completion. */
public record Prompt(Definition definition, Handler handler, Optional<Completer> completer) {

    public record Definition(String name, String title, String description, List<Argument> arguments) {}

    public record Argument(String name, String description, boolean required) {}

    /** Answers one get; fails with a {@link RequestFailure}. */
    @FunctionalInterface
    public interface Handler {
        Message get(Client client, Map<String, ?> arguments);
    }

    /** What a get answers: the prompt's description and one user message of {@code text}. */
    public record Message(String description, String text) {}
}
