package dev.memdir.web;

import jakarta.servlet.http.HttpServletRequest;

/** Whether the browser says a request comes from this server's own page. */
final class OwnOrigin {

    private OwnOrigin() {}

    /**
     * Returns whether {@code request}'s Origin, when sent, is this server's Host (over either scheme: behind a
     * TLS-terminating proxy the browser's is https, this server's http), and its Sec-Fetch-Site, when sent, is
     * same-origin.
     */
    static boolean of(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        String host = request.getHeader("Host");
        if (origin != null) {
            String sent = origin.trim();
            boolean own = host != null && !host.isBlank() && (sent.equalsIgnoreCase("http://" + host.trim())
                    || sent.equalsIgnoreCase("https://" + host.trim()));
            if (!own) {
                return false;
            }
        }
        String site = request.getHeader("Sec-Fetch-Site");
        return site == null || site.equals("same-origin");
    }
}
