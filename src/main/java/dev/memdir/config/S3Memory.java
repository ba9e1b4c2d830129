package dev.memdir.config;

import static dev.memdir.config.Setting.S3_ENDPOINT;
import static dev.memdir.config.Setting.S3_REGION;

import dev.memdir.config.SettingSources.Raw;
import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A memory in an S3-compatible bucket, as {@code --store s3://BUCKET[/PREFIX]}, {@code --namespace},
 * {@code --s3-endpoint} and {@code --s3-region} choose it. Credentials are not part of it: they come from the AWS
 * chain when the store opens.
 *
 * @param url the bucket and the prefix
 * @param namespace which memory under the prefix
 * @param endpoint the service that holds the bucket, when it is not Amazon S3
 * @param region the region requests are signed for, when given
 */
public record S3Memory(S3Url url, String namespace, Optional<URI> endpoint, Optional<String> region)
        implements NamespaceMemory {

    /** What a region's name is made of, as {@code eu-central-1} or R2's {@code auto}. */
    private static final Pattern REGION = Pattern.compile("[a-z0-9-]{1,64}");

    /** Returns the memory {@code namespace} of the bucket at {@code url}, reached as {@code values} say. */
    static S3Memory of(S3Url url, String namespace, SettingValues values) throws ConfigException {
        Optional<URI> endpoint = values.optional(S3_ENDPOINT, URI.class);
        Optional<Raw> region = values.lookup(S3_REGION);
        if (region.isPresent() && !REGION.matcher(region.get().value().trim()).matches()) {
            throw region.get().invalid("a region name of a-z 0-9 -, as eu-central-1");
        }
        return new S3Memory(url, namespace, endpoint, region.map(given -> given.value().trim()));
    }

    @Override
    public S3Memory inNamespace(String namespace) {
        return new S3Memory(url, namespace, endpoint, region);
    }

    /** Names the memory in messages: the namespace and the bucket. */
    @Override
    public String toString() {
        return "namespace " + namespace + " of " + url;
    }
}
