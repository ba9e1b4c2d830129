package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final RateLimiter limiter = new RateLimiter(5, now::get);

    @Test
    void burstOfTwiceTheRate_admitted_thenRefusedWithRetryAfter() {
        for (int i = 0; i < 10; i++) {
            assertThat(limiter.take("ann")).as("request %d", i).isEmpty();
        }

        assertThat(limiter.take("ann")).isEqualTo(OptionalLong.of(1));
    }

    @Test
    void principals_haveBucketsOfTheirOwn() {
        for (int i = 0; i < 10; i++) {
            limiter.take("ann");
        }

        assertThat(limiter.take("ann")).isPresent();
        assertThat(limiter.take("bob")).isEmpty();
    }

    @Test
    void refill_atTheRate() {
        for (int i = 0; i < 10; i++) {
            limiter.take("ann");
        }
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(199));
        assertThat(limiter.take("ann")).as("under one token after 199 ms at 5/s").isPresent();

        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(2));

        assertThat(limiter.take("ann")).as("one token after 201 ms").isEmpty();
        assertThat(limiter.take("ann")).isPresent();
    }

    @Test
    void refill_neverBeyondTheBurst() {
        assertThat(limiter.take("ann")).isEmpty();
        now.addAndGet(TimeUnit.SECONDS.toNanos(60)); // 300 tokens' worth of time, for a bucket that holds 10
        for (int i = 0; i < 10; i++) {
            assertThat(limiter.take("ann")).isEmpty();
        }

        assertThat(limiter.take("ann")).isPresent();
    }

    @Test
    void retryAfter_roundsUpToWholeSeconds() {
        RateLimiter slow = new RateLimiter(1, now::get);
        slow.take("ann");
        slow.take("ann");

        assertThat(slow.take("ann")).isEqualTo(OptionalLong.of(1));
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(slow.take("ann")).isEqualTo(OptionalLong.of(1));
    }

    @Test
    void rate_mustBePositive() {
        assertThatThrownBy(() -> new RateLimiter(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pastTheMostKeys_fullBucketsAreForgotten_emptyOnesKept() {
        for (int i = 0; i < 10; i++) {
            limiter.take("flooder");
        }
        for (int i = 0; i < RateLimiter.MOST_KEYS; i++) {
            limiter.take("seen-once-" + i);
        }
        now.addAndGet(TimeUnit.SECONDS.toNanos(1)); // a bucket taken once is full again, the flooder's half full

        limiter.take("one-more");

        assertThat(limiter.keys()).isEqualTo(2);
        for (int i = 0; i < 5; i++) {
            assertThat(limiter.take("flooder")).as("request %d", i).isEmpty();
        }
        assertThat(limiter.take("flooder")).as("the flooder's bucket was kept, not made anew").isPresent();
    }
}
