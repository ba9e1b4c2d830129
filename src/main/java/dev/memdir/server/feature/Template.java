package dev.memdir.server.feature;

import java.util.Optional;

/**
 * A resource template: the resources of every URI it matches (as {@link UriTemplate} matches them), what their
 * contents come from, and the completion of its variable.
 */
public record Template(Definition definition, Resource.Reader reader, Resource.Source source,
        Optional<Completer> completer) {

    public record Definition(String uriTemplate, String name, String title, String description, String mimeType) {}
}
