package dev.memdir.server.feature;

/** A resource at a fixed URI: what a client lists, how it is read, and what its contents come from. */
public record Resource(Definition definition, Reader reader, Source source) {

    public record Definition(String uri, String name, String title, String description, String mimeType) {}

    /** Reads the resource at {@code uri} (of a template's, any URI it matches); fails with a {@link RequestFailure}. */
    @FunctionalInterface
    public interface Reader {
        Contents read(Client client, String uri);
    }

    /** What a read answers: one text. */
    public record Contents(String uri, String mimeType, String text) {}

    /**
     * What a resource's contents come from: the memory, which changes under the client's own tool calls, or the
     * project's instruction files, which change by hand edits.
     */
    public enum Source {
        MEMORY,
        INSTRUCTIONS
    }
}
