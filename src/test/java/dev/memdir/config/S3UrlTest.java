package dev.memdir.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** An S3 store's URL, {@code s3://BUCKET[/PREFIX]}, as {@code --store} takes it. */
class S3UrlTest {

    private static S3Url parse(String text) throws ConfigException {
        return S3Url.parse(text, "--store");
    }

    @ParameterizedTest
    @CsvSource({
        "s3://team-memory,                    team-memory,     ''",
        "s3://team-memory/,                   team-memory,     ''",
        "s3://team-memory/alice,              team-memory,     alice",
        "s3://team-memory/people/alice/,      team-memory,     people/alice",
        "' s3://my.bucket-2/a.b/c_d ',        my.bucket-2,     a.b/c_d",
    })
    void bucketAndPrefix(String text, String bucket, String prefix) throws Exception {
        S3Url url = parse(text);

        assertThat(url).isEqualTo(new S3Url(bucket, prefix));
        assertThat(url.toString()).isEqualTo(prefix.isEmpty() ? "s3://" + bucket : "s3://" + bucket + "/" + prefix);
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3://AKIAEXAMPLE:secret@team-memory/alice", "s3://AKIAEXAMPLE@team-memory"})
    void credentialsInTheUrl_refusedWithoutEchoingThem(String text) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class)
                .hasMessage("--store carries credentials, which the process list and shell history show; leave them"
                        + " out: memdir takes them from the AWS chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY,"
                        + " ~/.aws/credentials with AWS_PROFILE, web identity, instance roles)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3://", "s3:///alice", "s3://ab", "s3://Team-Memory", "s3://team_memory",
        "s3://-team", "s3://team..memory", "s3://team-memory-" })
    void badBucketName_refusedNamingIt(String text) {
        String bucket = text.substring(5).contains("/") ? text.substring(5, text.indexOf('/', 5)) : text.substring(5);

        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class)
                .hasMessage("--store names the bucket '" + bucket + "'; a bucket name is 3-63 characters of a-z 0-9"
                        + " . -, beginning and ending with a letter or a digit");
    }

    @ParameterizedTest
    @CsvSource({
        "s3://team-memory//alice,      /alice",
        "s3://team-memory/a//b,        a//b",
        "s3://team-memory/a/../b,      a/../b",
        "s3://team-memory/./a,         ./a",
    })
    void emptyOrDotSegmentsInThePrefix_refused(String text, String prefix) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class)
                .hasMessage("--store has the prefix '" + prefix + "'; give it as names separated by single slashes,"
                        + " none of them '.' or '..'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3://team-memory/alice?region=eu-west-1", "s3://team-memory#alice"})
    void queryOrFragment_refused(String text) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ConfigException.class)
                .hasMessage("--store has a query or a fragment; give the store as s3://BUCKET[/PREFIX]");
    }
}
