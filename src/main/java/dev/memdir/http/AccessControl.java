package dev.memdir.http;

import dev.memdir.auth.Authenticator;
import dev.memdir.auth.LocalUntilFirstToken;
import dev.memdir.auth.Principal;
import dev.memdir.auth.TokenAuthenticator;
import dev.memdir.auth.TokenStore;
import dev.memdir.auth.oauth.IssuerUnusableException;
import dev.memdir.auth.oauth.OAuthResourceServer;
import dev.memdir.config.Settings;
import dev.memdir.wiring.TokenChoice;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who may use the server, as the settings choose: with {@code --oauth-issuer} the OAuth resource server (its
 * metadata published to anyone); else, once the store holds a token (any: revoked and expired ones too, so revoking
 * the last token does not open the server), bearer tokens; else nobody is asked, and every request acts for the
 * local principal (loopback only) until a first token is made, even while the server runs.
 *
 * @param authenticator who a request acts for
 * @param openAtStart whether a request without credentials is served at start (as the local principal)
 * @param publicDocuments JSON documents served without credentials, by path
 * @param resources what to close at stop (the token store, the issuer's key source)
 */
record AccessControl(Authenticator authenticator, boolean openAtStart, Map<String, String> publicDocuments,
        Closeable resources) implements Closeable {

    static AccessControl of(Settings settings, URI serverUrl, Principal local)
            throws IOException, IssuerUnusableException {
        if (settings.oauth().isPresent()) {
            OAuthResourceServer oauth = OAuthResourceServer.start(settings.oauth().get(), serverUrl);
            Map<String, String> documents = new LinkedHashMap<>();
            for (String path : oauth.metadata().paths()) {
                documents.put(path, oauth.metadata().json());
            }
            return new AccessControl(oauth.authenticator(), false, documents, oauth);
        }
        TokenStore tokens = TokenChoice.open(settings);
        try {
            if (!tokens.list().isEmpty()) {
                return new AccessControl(new TokenAuthenticator(tokens), false, Map.of(), tokens);
            }
        } catch (IOException | RuntimeException e) {
            tokens.close();
            throw e;
        }
        return new AccessControl(new LocalUntilFirstToken(tokens, local), true, Map.of(), tokens);
    }

    @Override
    public void close() throws IOException {
        resources.close();
    }
}
