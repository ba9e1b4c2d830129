package dev.memdir.context;

import dev.memdir.instructions.PathScope;
import dev.memdir.recall.ScopedFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Which scoped memories a touched file brings: each memory's {@code paths:} read once per content. */
final class PathScopes {

    private final Map<String, PathScope> scopes = new HashMap<>();

    /** Returns the files of {@code scoped} whose {@code paths:} match any of {@code relativePaths}. */
    synchronized List<ScopedFile> matching(List<ScopedFile> scoped, List<String> relativePaths) {
        scopes.keySet().retainAll(scoped.stream().map(ScopedFile::sha256).collect(Collectors.toSet()));
        return scoped.stream().filter(file -> {
            PathScope scope = scopes.computeIfAbsent(file.sha256(), ignored -> PathScope.parse(file.paths()));
            return relativePaths.stream().anyMatch(scope::matches);
        }).toList();
    }
}
