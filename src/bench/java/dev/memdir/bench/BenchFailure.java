package dev.memdir.bench;

/** A server misbehaved during the benchmark: the run stops and says what happened. */
final class BenchFailure extends RuntimeException {

    BenchFailure(String message) {
        super(message);
    }
}
