package dev.memdir.memory.s3;

import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/** Makes the S3 client that reaches a {@link S3Location}. */
final class S3Clients {

    /** The region signed for at an endpoint when none is given: S3-compatible services take it (MinIO, R2). */
    private static final Region ENDPOINT_REGION = Region.US_EAST_1;

    private S3Clients() {}

    /**
     * Opens a client for {@code location} with {@code credentials}; a connection, and a whole call with its retries,
     * wait at most {@code timeout}.
     */
    static S3Client open(S3Location location, AwsCredentialsProvider credentials, Duration timeout) {
        return open(location, credentials, timeout, List.of());
    }

    /** As {@link #open(S3Location, AwsCredentialsProvider, Duration)}, every request seen by {@code interceptors}. */
    static S3Client open(S3Location location, AwsCredentialsProvider credentials, Duration timeout,
            List<ExecutionInterceptor> interceptors) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(Apache5HttpClient.builder().connectionTimeout(timeout).socketTimeout(timeout).build())
                .credentialsProvider(credentials)
                .overrideConfiguration(override -> override.apiCallTimeout(timeout)
                        .executionInterceptors(interceptors));
        location.region().map(Region::of).ifPresent(builder::region);
        location.endpoint().ifPresent(endpoint -> {
            builder.endpointOverride(endpoint).forcePathStyle(true);
            if (location.region().isEmpty()) {
                builder.region(ENDPOINT_REGION);
            }
            // Checksums only where the API requires them: several S3-compatible services refuse the SDK's
            // default trailing checksums on every put.
            builder.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        });
        return builder.build();
    }
}
