package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * That a put with {@code If-None-Match: *} is atomic on S3Proxy, which the design of one change as one unit rests on:
 * of many writers racing to create one key, exactly one wins. (A put with {@code If-Match} is not atomic there: S3Proxy
 * checks the ETag and then writes, and 7 of 8 writers racing with one ETag all succeeded; see NOTES-i23.md.)
 */
class ConditionalRaceTest {

    private static final int WRITERS = 8;
    private static final int ROUNDS = 50;

    @Test
    void racingCreates_exactlyOneWinsEachKey() throws Exception {
        S3Location location = LocalS3.shared().freshBucket("");
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
            for (int round = 0; round < ROUNDS; round++) {
                String key = "lease-" + round;
                assertThat(creators(client, location, key)).as(key).isEqualTo(1);
            }
        }
    }

    /** Races {@link #WRITERS} creating puts of different texts at {@code key}; returns how many succeeded. */
    private static int creators(S3Client client, S3Location location, String key) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> puts = new ArrayList<>();
            for (int writer = 0; writer < WRITERS; writer++) {
                String text = "writer " + writer;
                puts.add(pool.submit(() -> {
                    start.await();
                    try {
                        client.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(key)
                                .ifNoneMatch("*").build(), RequestBody.fromString(text));
                        return true;
                    } catch (S3Exception e) {
                        if (e.statusCode() != 412) {
                            throw e;
                        }
                        return false;
                    }
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> put : puts) {
                won += put.get() ? 1 : 0;
            }
            return won;
        } finally {
            pool.shutdownNow();
        }
    }
}
