package dev.memdir.http;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Requests a second per key (a principal, or a client's address): a token bucket per key holding twice the rate (the
 * burst), refilled at the rate. A request that finds the bucket empty is told how many whole seconds until it would
 * be let in. Past {@link #MOST_KEYS} keys the full buckets are forgotten (a full bucket is what a new key gets), so
 * many keys seen once cost no memory for long.
 */
final class RateLimiter {

    static final int MOST_KEYS = 10_000;

    private final double perSecond;
    private final double burst;
    private final LongSupplier nanoClock;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    RateLimiter(int perSecond, LongSupplier nanoClock) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("the rate must be positive, not " + perSecond);
        }
        this.perSecond = perSecond;
        this.burst = 2.0 * perSecond;
        this.nanoClock = nanoClock;
    }

    RateLimiter(int perSecond) {
        this(perSecond, System::nanoTime);
    }

    /** Takes one request of {@code key}: empty when it may go on, else the seconds to wait (at least 1). */
    OptionalLong take(String key) {
        if (buckets.size() >= MOST_KEYS) {
            buckets.values().removeIf(Bucket::full);
        }
        return buckets.computeIfAbsent(key, name -> new Bucket(burst, nanoClock.getAsLong())).take();
    }

    /** Returns how many keys have a bucket. */
    int keys() {
        return buckets.size();
    }

    private final class Bucket {

        private double tokens;
        private long refilledAt;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.refilledAt = now;
        }

        synchronized OptionalLong take() {
            long now = nanoClock.getAsLong();
            tokens = refilled(now);
            refilledAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return OptionalLong.empty();
            }
            return waitFor(tokens);
        }

        synchronized boolean full() {
            return refilled(nanoClock.getAsLong()) >= burst;
        }

        private double refilled(long now) {
            double seconds = (now - refilledAt) / (double) TimeUnit.SECONDS.toNanos(1);
            return Math.min(burst, tokens + seconds * perSecond);
        }

        private OptionalLong waitFor(double available) {
            return OptionalLong.of(Math.max(1, (long) Math.ceil((1 - available) / perSecond)));
        }
    }
}
