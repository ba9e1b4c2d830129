package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.ServingJar;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** What the web page's end-to-end tests check of every answer, and the page's own encodings. */
final class WebPageChecks {

    /** The Content-Security-Policy every answer of the page carries ({@code web.Answer.POLICY}). */
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private WebPageChecks() {}

    /** The memory root of a test's {@code temp}. */
    static Path root(Path temp) {
        return temp.resolve("memory");
    }

    /** Writes {@code text} to the file {@code name} of the memory, before a server opens it. */
    static Path memoryFile(Path temp, String name, String text) throws Exception {
        return Files.writeString(Files.createDirectories(root(temp)).resolve(name), text);
    }

    /** Starts {@code memdir ui} on {@link #root}, with {@code options} after; its streams go to {@code temp/logs}. */
    static ServingJar localUi(Path temp, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--root", root(temp).toString()));
        args.addAll(List.of(options));
        return ServingJar.webPage(Files.createDirectories(temp.resolve("logs")), args.toArray(String[]::new));
    }

    /** Asserts the headers that keep an answer of the page from being framed, sniffed, cached or scripted. */
    static void hardened(HttpResponse<?> response) {
        String what = response.request().method() + " " + response.uri() + " -> " + response.statusCode();
        assertThat(response.headers().firstValue("Content-Security-Policy")).as(what).contains(POLICY);
        assertThat(response.headers().firstValue("X-Content-Type-Options")).as(what).contains("nosniff");
        assertThat(response.headers().firstValue("X-Frame-Options")).as(what).contains("DENY");
        assertThat(response.headers().firstValue("Cache-Control")).as(what).contains("no-store");
    }

    /** The same of an answer read by hand ({@code RawHttp}: header names in lower case). */
    static void hardened(String what, Map<String, String> headers) {
        assertThat(headers).as(what).containsEntry("content-security-policy", POLICY)
                .containsEntry("x-content-type-options", "nosniff").containsEntry("x-frame-options", "DENY")
                .containsEntry("cache-control", "no-store");
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes, in hex: what the edit page's hidden {@code base} holds. */
    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code text} escaped as the page escapes text for an element (jte's HTML escaping of content). */
    static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** The inside of {@code <article id="rendered">}: the file's Markdown as the page rendered it. */
    static String rendered(String html) {
        int open = html.indexOf("<article id=\"rendered\"");
        assertThat(open).as(html).isNotNegative();
        int start = html.indexOf('>', open) + 1;
        int end = html.indexOf("</article>", start);
        assertThat(end).as(html).isGreaterThan(start);
        return html.substring(start, end);
    }
}
