package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The values of settings that name places on the network: where to listen, URLs, origins and networks. */
final class Addresses {

    private static final Pattern ORIGIN = Pattern.compile("[a-z][a-z0-9+.-]*://[^/?#\\s,]+",
            Pattern.CASE_INSENSITIVE);

    private Addresses() {}

    static HttpAddress listening(Raw raw) throws ConfigException {
        return HttpAddress.parse(raw.value()).orElseThrow(() ->
                raw.invalid("[HOST:]PORT, like 8080, 127.0.0.1:8080 or [::1]:8080"));
    }

    static URI url(Raw raw) throws ConfigException {
        try {
            URI url = new URI(raw.value().trim());
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && url.getHost() != null && url.getRawQuery() == null
                    && url.getRawFragment() == null && url.getRawUserInfo() == null) {
                return url;
            }
        } catch (URISyntaxException notAUrl) {
            // reported below
        }
        throw raw.invalid("an http or https URL without query or fragment, like https://login.example.com");
    }

    /** Origins separated by commas, each a scheme and host with an optional port, as a browser sends it. */
    static List<String> origins(Raw raw) throws ConfigException {
        List<String> origins = new ArrayList<>();
        for (String origin : raw.value().split(",", -1)) {
            String trimmed = origin.trim();
            if (!ORIGIN.matcher(trimmed).matches()) {
                throw raw.invalid("origins like https://app.example or http://localhost:3000, separated by commas");
            }
            origins.add(trimmed);
        }
        return origins;
    }

    /** Networks or addresses separated by commas, each {@code ADDRESS[/PREFIX]} (IPv4 or IPv6). */
    static List<AddressRange> ranges(Raw raw) throws ConfigException {
        List<AddressRange> ranges = new ArrayList<>();
        for (String range : raw.value().split(",", -1)) {
            ranges.add(AddressRange.parse(range).orElseThrow(() -> raw.invalid("networks or addresses like"
                    + " 10.0.0.0/8, 192.0.2.7 or fd00::/8 (no bits set past the prefix), separated by commas")));
        }
        return ranges;
    }
}
