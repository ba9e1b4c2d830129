package dev.memdir.auth;

import dev.memdir.memory.directory.ReservedFile;
import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The directory store's tokens: {@code .memdir-tokens} in the root, a reserved name that no tool can name, list or
 * count, replaced atomically under the root lock and readable by its owner only.
 */
public final class DirectoryTokenStore implements TokenStore {

    public static final String FILE_NAME = MemoryNames.RESERVED_PREFIX + "-tokens";

    private final ReservedFile file;

    private DirectoryTokenStore(ReservedFile file) {
        this.file = file;
    }

    /** The tokens of the root {@code root}; nothing is created until the first token is added. */
    public static DirectoryTokenStore at(Path root) {
        return new DirectoryTokenStore(ReservedFile.in(root, FILE_NAME));
    }

    @Override
    public void add(StoredToken token) throws IOException {
        file.update(current -> {
            List<StoredToken> tokens = new ArrayList<>(parse(current));
            if (tokens.stream().anyMatch(kept -> kept.id().equals(token.id())
                    || kept.sha256().equals(token.sha256()))) {
                throw new IOException("a token with this id or hash is kept already");
            }
            tokens.add(token);
            return ReservedFile.Change.write(TokenFile.format(tokens), null);
        });
    }

    @Override
    public List<StoredToken> list() throws IOException {
        return parse(file.read());
    }

    @Override
    public Optional<StoredToken> revoke(String id, Instant when) throws IOException {
        if (list().stream().noneMatch(token -> token.id().equals(id))) {
            return Optional.empty(); // Nothing to lock for, and nothing (not even the root) is made.
        }
        return file.update(current -> {
            List<StoredToken> tokens = new ArrayList<>(parse(current));
            for (int i = 0; i < tokens.size(); i++) {
                StoredToken token = tokens.get(i);
                if (token.id().equals(id)) {
                    if (token.revoked().isPresent()) {
                        return ReservedFile.Change.none(Optional.of(token));
                    }
                    tokens.set(i, token.revokedAt(when));
                    return ReservedFile.Change.write(TokenFile.format(tokens), Optional.of(tokens.get(i)));
                }
            }
            return ReservedFile.Change.none(Optional.<StoredToken>empty());
        });
    }

    @Override
    public String location() {
        return file.path().toString();
    }

    private List<StoredToken> parse(Optional<byte[]> content) throws IOException {
        return content.isEmpty() ? List.of() : TokenFile.parse(content.get(), file.path().toString());
    }

    @Override
    public void close() {
        // Nothing is held open between calls.
    }
}
