package dev.memdir.auth.oauth;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.memdir.config.OAuthSettings;
import java.io.Closeable;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * memdir as an OAuth 2.1 resource server: the issuer's metadata and keys read at start, the authenticator that
 * checks access tokens against those keys, and the protected resource metadata the server publishes.
 */
public final class OAuthResourceServer implements Closeable {

    /** How long the issuer's keys are used before they are fetched again. */
    static final Duration KEYS_TIME_TO_LIVE = Duration.ofMinutes(5);
    /**
     * The least time between two fetches of the keys when a token names a key not held (at most one more fetch per
     * such interval): a stream of tokens with made-up key ids does not turn memdir into a flood on the issuer.
     */
    static final Duration KEYS_REFETCH_INTERVAL = Duration.ofSeconds(30);
    /** While the issuer cannot be reached, the keys last fetched stay in use this long. */
    static final Duration KEYS_OUTAGE_TOLERANCE = Duration.ofHours(1);

    private final JwtAuthenticator authenticator;
    private final ProtectedResourceMetadata metadata;
    private final JWKSource<SecurityContext> keys;

    private OAuthResourceServer(JwtAuthenticator authenticator, ProtectedResourceMetadata metadata,
            JWKSource<SecurityContext> keys) {
        this.authenticator = authenticator;
        this.metadata = metadata;
        this.keys = keys;
    }

    /**
     * Reads the issuer's metadata and keys, refusing an issuer whose metadata names another or whose keys cannot be
     * read. {@code serverUrl} is where the server answers MCP, as {@code https://host:port/mcp}: the resource when
     * no audience is configured.
     */
    public static OAuthResourceServer start(OAuthSettings settings, URI serverUrl) throws IssuerUnusableException {
        return start(settings, serverUrl, Clock.systemUTC());
    }

    static OAuthResourceServer start(OAuthSettings settings, URI serverUrl, Clock clock)
            throws IssuerUnusableException {
        ResourceRetriever retriever = new HttpFetcher();
        IssuerMetadata issuer = IssuerMetadata.discover(settings.issuer(), retriever);
        JWKSource<SecurityContext> keys = keySource(issuer.jwksUri(), retriever);
        List<JWK> held;
        try {
            held = keys.get(new JWKSelector(new JWKMatcher.Builder().build()), null);
        } catch (KeySourceException e) {
            throw new IssuerUnusableException("cannot read the keys of OAuth issuer " + settings.issuer() + " at "
                    + issuer.jwksUri() + ": " + HttpFetcher.describe(e));
        }
        if (held.isEmpty()) {
            throw new IssuerUnusableException("the key set of OAuth issuer " + settings.issuer() + " at "
                    + issuer.jwksUri() + " holds no keys");
        }
        ProtectedResourceMetadata metadata = new ProtectedResourceMetadata(settings.resource(serverUrl),
                settings.issuer());
        Refusals refusals = new Refusals(metadata.url(), settings.issuer(), metadata.resource().toString());
        JwtAuthenticator authenticator = new JwtAuthenticator(settings, metadata.resource().toString(), keys,
                refusals, clock);
        return new OAuthResourceServer(authenticator, metadata, keys);
    }

    private static JWKSource<SecurityContext> keySource(URI jwksUri, ResourceRetriever retriever)
            throws IssuerUnusableException {
        try {
            return JWKSourceBuilder.<SecurityContext>create(jwksUri.toURL(), retriever)
                    .cache(KEYS_TIME_TO_LIVE.toMillis(), HttpFetcher.TIMEOUT.toMillis())
                    .refreshAheadCache(false)
                    .rateLimited(KEYS_REFETCH_INTERVAL.toMillis())
                    .outageTolerant(KEYS_OUTAGE_TOLERANCE.toMillis())
                    .build();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IssuerUnusableException("the jwks_uri of OAuth issuer is not a URL: " + jwksUri);
        }
    }

    /** Returns the authenticator of requests. */
    public JwtAuthenticator authenticator() {
        return authenticator;
    }

    /** Returns the protected resource metadata to publish. */
    public ProtectedResourceMetadata metadata() {
        return metadata;
    }

    @Override
    public void close() throws IOException {
        if (keys instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
