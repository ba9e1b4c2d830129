package dev.memdir.http;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Requests a second per principal: a token bucket per principal holding twice the rate (the burst), refilled at the
 * rate. A request that finds the bucket empty is told how many whole seconds until it would be let in.
 */
final class RateLimiter {

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

    /** Takes one request of {@code principal}: empty when it may go on, else the seconds to wait (at least 1). */
    OptionalLong take(String principal) {
        return buckets.computeIfAbsent(principal, name -> new Bucket(burst, nanoClock.getAsLong())).take();
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
            double seconds = (now - refilledAt) / (double) TimeUnit.SECONDS.toNanos(1);
            tokens = Math.min(burst, tokens + seconds * perSecond);
            refilledAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return OptionalLong.empty();
            }
            return OptionalLong.of(Math.max(1, (long) Math.ceil((1 - tokens) / perSecond)));
        }
    }
}
