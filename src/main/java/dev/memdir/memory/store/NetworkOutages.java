package dev.memdir.memory.store;

import dev.memdir.memory.render.FaultMessages.Outage;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Optional;

/** Why a store on the network could not be reached, as far as the failure's causes tell it. */
public final class NetworkOutages {

    private NetworkOutages() {}

    /** Returns the outage the first telling cause of {@code failure} names, or empty when none does. */
    public static Optional<Outage> of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException && String.valueOf(cause.getMessage()).contains("refused")) {
                return Optional.of(Outage.REFUSED);
            }
            // HttpClient 5's connect timeout is not a SocketTimeoutException; named, not loaded, to stay optional.
            if (cause instanceof SocketTimeoutException || cause instanceof NoRouteToHostException
                    || cause.getClass().getSimpleName().equals("ConnectTimeoutException")) {
                return Optional.of(Outage.TIMED_OUT);
            }
            if (cause instanceof UnknownHostException) {
                return Optional.of(Outage.UNKNOWN_HOST);
            }
        }
        return Optional.empty();
    }
}
