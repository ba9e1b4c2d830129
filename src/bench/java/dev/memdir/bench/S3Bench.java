package dev.memdir.bench;

import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The S3 bucket the store comparison measures: a real one at an {@code s3://} URL (credentials from the AWS chain,
 * the endpoint and region from {@code MEMDIR_S3_ENDPOINT} and {@code MEMDIR_S3_REGION}), or S3Proxy on loopback,
 * started as the tests start theirs, with a new bucket.
 */
record S3Bench(String url, Optional<URI> endpoint, Optional<String> region, Map<String, String> env) {

    /** A real bucket at {@code url}, reached as the environment says. */
    static S3Bench at(String url) {
        return new S3Bench(url, Optional.ofNullable(System.getenv("MEMDIR_S3_ENDPOINT")).map(URI::create),
                Optional.ofNullable(System.getenv("MEMDIR_S3_REGION")), Map.of());
    }

    /** S3Proxy on loopback (its jar at the system property {@code memdir.s3proxy.jar}) and a new bucket on it. */
    static S3Bench startLocal() throws IOException {
        Progress.say("starting S3Proxy on loopback (filesystem backend)");
        LocalS3 server = LocalS3.startOwn();
        S3Location bucket = server.freshBucket("bench");
        return new S3Bench("s3://" + bucket.bucket() + "/" + bucket.prefix(), Optional.of(server.endpoint()),
                Optional.of(LocalS3.REGION), Map.of("AWS_ACCESS_KEY_ID", LocalS3.ACCESS_KEY,
                        "AWS_SECRET_ACCESS_KEY", LocalS3.SECRET_KEY));
    }

    /** The store reached at {@code endpoint} (this bucket's, or a proxy's in front of it). */
    NamespaceBenchStore store(Optional<URI> through, Workspace workspace) {
        List<String> options = new ArrayList<>();
        through.ifPresent(uri -> options.addAll(List.of("--s3-endpoint", uri.toString())));
        region.ifPresent(name -> options.addAll(List.of("--s3-region", name)));
        return new NamespaceBenchStore("s3", url, options, env, workspace);
    }

    NamespaceBenchStore store(Workspace workspace) {
        return store(endpoint, workspace);
    }

    /** Whether a {@link CountingProxy} can stand in front of the bucket: its endpoint is plain HTTP. */
    boolean countable() {
        return endpoint.filter(uri -> "http".equals(uri.getScheme())).isPresent();
    }
}
