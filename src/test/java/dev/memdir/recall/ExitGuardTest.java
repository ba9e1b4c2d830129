package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ExitGuardTest {

    private final ExitGuard guard = new ExitGuard();

    @Test
    void aCallRunsUntilTheProcessExits_thenIsRefused() {
        assertThat(guard.call(() -> "ran")).isEqualTo("ran");
        assertThat(guard.exiting()).isFalse();

        guard.close();

        assertThat(guard.exiting()).isTrue();
        assertThatThrownBy(() -> guard.call(() -> "ran")).isInstanceOf(ExitGuard.ExitingException.class);
    }

    @Test
    void theExitWaitsForACallUnderWay() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> call = CompletableFuture.runAsync(() -> guard.call(() -> {
            inside.countDown();
            await(release);
            order.add("call ended");
            return null;
        }));
        inside.await();

        CompletableFuture<Void> exit = CompletableFuture.runAsync(() -> {
            guard.close();
            order.add("exit went on");
        });
        Thread.sleep(200);
        order.add("released");
        release.countDown();
        call.get();
        exit.get();

        assertThat(order).containsExactly("released", "call ended", "exit went on");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
