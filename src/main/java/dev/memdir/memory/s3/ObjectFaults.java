package dev.memdir.memory.s3;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.render.FaultMessages.Outage;
import dev.memdir.memory.store.NetworkOutages;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Sorts what the SDK threw into what the model is told: the store is unavailable (and why, in a few words naming
 * no host and no key), busy past the store timeout, or a plain failure of the store. Never a secret: an
 * authentication failure names the store's error code, not the credentials.
 */
final class ObjectFaults {

    private static final int NOT_FOUND = 404;
    private static final int FORBIDDEN = 403;
    private static final int SERVICE_UNAVAILABLE = 503;

    private final Duration timeout;

    ObjectFaults(Duration timeout) {
        this.timeout = timeout;
    }

    /** Returns the answer to a call that failed with {@code failure} before anything was committed. */
    IOException of(SdkException failure) {
        if (timedOut(failure)) {
            return new StoreFault(FaultMessages.objectStoreSlow(timeout), failure);
        }
        Optional<Outage> outage = outage(failure);
        if (outage.isPresent()) {
            return new StoreFault(FaultMessages.storeUnavailable(outage.get()), failure);
        }
        return new IOException(reason(failure), failure);
    }

    /** Returns the answer to a commit whose outcome could not be learnt: it may have been made or not. */
    IOException ofCommit(SdkException failure) {
        return new StoreFault(FaultMessages.storeLostWhileCommitting(outage(failure).orElse(Outage.LOST)), failure);
    }

    /**
     * Returns why the store could not be opened, to follow {@code cannot open MEMORY: }: the outage's few words,
     * with the store's error code when it refused the credentials.
     */
    String reason(SdkException failure) {
        if (timedOut(failure)) {
            return FaultMessages.objectStoreSilent(timeout);
        }
        Optional<Outage> outage = outage(failure);
        String code = failure instanceof S3Exception s3 && s3.awsErrorDetails() != null
                ? s3.awsErrorDetails().errorCode() : null;
        if (outage.isPresent()) {
            String reason = FaultMessages.reason(outage.get());
            return code == null || outage.get() == Outage.NO_BUCKET ? reason : reason + " (" + code + ")";
        }
        if (failure instanceof S3Exception s3) {
            return "the store answered HTTP " + s3.statusCode() + (code == null ? "" : " " + code);
        }
        return "the store could not be reached";
    }

    private static boolean timedOut(SdkException failure) {
        return failure instanceof ApiCallTimeoutException || failure instanceof ApiCallAttemptTimeoutException;
    }

    private static Optional<Outage> outage(SdkException failure) {
        if (failure instanceof S3Exception s3) {
            return answered(s3);
        }
        Optional<Outage> network = NetworkOutages.of(failure);
        if (network.isPresent()) {
            return network;
        }
        if (failure instanceof SdkClientException
                && String.valueOf(failure.getMessage()).startsWith("Unable to load credentials")) {
            return Optional.of(Outage.NO_CREDENTIALS);
        }
        return failure instanceof SdkClientException ? Optional.of(Outage.LOST) : Optional.empty();
    }

    private static Optional<Outage> answered(S3Exception failure) {
        String code = failure.awsErrorDetails() == null ? "" : String.valueOf(failure.awsErrorDetails().errorCode());
        switch (code) {
            case "InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "AuthorizationHeaderMalformed":
                return Optional.of(Outage.AUTHENTICATION);
            case "ExpiredToken", "TokenRefreshRequired":
                return Optional.of(Outage.CREDENTIALS_EXPIRED);
            case "AccessDenied", "AllAccessDisabled":
                return Optional.of(Outage.ACCESS_DENIED);
            case "NoSuchBucket":
                return Optional.of(Outage.NO_BUCKET);
            case "SlowDown":
                return Optional.of(Outage.OVERLOADED);
            default:
                break;
        }
        if (failure.statusCode() == FORBIDDEN) {
            return Optional.of(Outage.ACCESS_DENIED);
        }
        if (failure.statusCode() == SERVICE_UNAVAILABLE) {
            return Optional.of(Outage.OVERLOADED);
        }
        if (failure.statusCode() >= 500) {
            return Optional.of(Outage.STORE_FAILED);
        }
        return failure.statusCode() == NOT_FOUND ? Optional.of(Outage.NO_BUCKET) : Optional.empty();
    }
}
