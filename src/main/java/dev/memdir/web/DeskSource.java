package dev.memdir.web;

import dev.memdir.auth.Principal;
import dev.memdir.desk.MemoryDesk;
import java.util.Optional;

/** Where the web page finds a principal's memory: its own namespace's only. */
public interface DeskSource {

    /** Returns a hold on {@code principal}'s desk, which the caller closes when done, or empty when none is served. */
    Optional<Hold> open(Principal principal);

    /** A desk held for one request. */
    interface Hold extends AutoCloseable {
        MemoryDesk desk();

        @Override
        void close();

        /** A hold on {@code desk} that runs {@code release} when closed. */
        static Hold of(MemoryDesk desk, Runnable release) {
            return new Hold() {
                @Override
                public MemoryDesk desk() {
                    return desk;
                }

                @Override
                public void close() {
                    release.run();
                }
            };
        }
    }
}
