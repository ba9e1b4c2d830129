package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Principal;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The local user's server from start; the principals' servers opened at the first principal, and only then. */
class LocalThenPrincipalsTest {

    private static final Principal LOCAL = new Principal("local", "/srv/memory", false);
    private static final Principal ANN = new Principal("ann", "user/ann", false);

    /** Servers that record who asked for one and whether they were closed; they serve nobody themselves. */
    private static final class Recorded implements NamespaceServers {
        final List<Principal> asked = new ArrayList<>();
        final AtomicInteger sweeps = new AtomicInteger();
        boolean closed;

        @Override
        public Optional<ServerUse> forPrincipal(Principal principal) {
            asked.add(principal);
            return Optional.empty();
        }

        @Override
        public void closeIdle() {
            sweeps.incrementAndGet();
        }

        @Override
        public boolean storeAnswers() {
            return true;
        }

        @Override
        public void endStreams() {}

        @Override
        public void close() {
            closed = true;
        }
    }

    private final Recorded local = new Recorded();
    private final Recorded principals = new Recorded();
    private final AtomicInteger opens = new AtomicInteger();
    private final AtomicBoolean failOpening = new AtomicBoolean();
    private final LocalThenPrincipals servers = new LocalThenPrincipals(LOCAL, local, () -> {
        opens.incrementAndGet();
        if (failOpening.get()) {
            throw new IOException("the database is away");
        }
        return principals;
    });

    @Test
    void theLocalUser_isServedTheConfiguredMemory_andOpensNothingMore() throws IOException {
        servers.forPrincipal(LOCAL);
        servers.closeIdle();
        servers.close();

        assertThat(local.asked).containsExactly(LOCAL);
        assertThat(opens).hasValue(0);
        assertThat(local.closed).isTrue();
    }

    @Test
    void aPrincipal_opensThePrincipalsServersOnce_andGoesThere() throws IOException {
        servers.forPrincipal(ANN);
        servers.forPrincipal(new Principal("bob", "user/bob", false));
        servers.closeIdle();
        servers.close();

        assertThat(opens).hasValue(1);
        assertThat(local.asked).isEmpty();
        assertThat(principals.asked).extracting(Principal::name).containsExactly("ann", "bob");
        assertThat(principals.sweeps).hasValue(1);
        assertThat(principals.closed).isTrue();
        assertThat(local.closed).isTrue();
    }

    @Test
    void aPrincipalNamingTheLocalNamespace_isStillNotTheLocalUser() {
        servers.forPrincipal(new Principal("carol", LOCAL.namespace(), false));

        assertThat(local.asked).isEmpty();
        assertThat(principals.asked).extracting(Principal::name).containsExactly("carol");
    }

    @Test
    void aFailedOpening_servesNone_andIsTriedAgain() {
        failOpening.set(true);
        assertThat(servers.forPrincipal(ANN)).isEmpty();

        failOpening.set(false);
        servers.forPrincipal(ANN);

        assertThat(opens).hasValue(2);
        assertThat(principals.asked).containsExactly(ANN);
    }

    @Test
    void afterClose_noPrincipalIsServed_andNothingIsOpened() throws IOException {
        servers.close();

        assertThat(servers.forPrincipal(ANN)).isEmpty();
        assertThat(opens).hasValue(0);
    }
}
