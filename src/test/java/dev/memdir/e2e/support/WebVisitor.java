package dev.memdir.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A visitor of the web page at {@code /ui} as a browser is one, by hand: HTTP/1.1, no redirect followed, the session
 * cookie kept from the login's {@code Set-Cookie} and sent back, nothing else remembered. Each request sends exactly
 * the headers it is given (and the cookie, once there is one), so a test decides the Origin of every POST.
 */
public final class WebVisitor {

    public static final String COOKIE = "memdir_ui";
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]*)\"");

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
    private String cookie;

    /** A visitor of the server at {@code base} ({@code http://127.0.0.1:PORT}), not logged in. */
    public WebVisitor(URI base) {
        this.base = base;
    }

    /** Returns the server's own origin, as a browser sends it: {@code http://127.0.0.1:PORT}. */
    public String origin() {
        return "http://" + base.getHost() + ":" + base.getPort();
    }

    /** Returns the session cookie's value, once a login set one. */
    public Optional<String> cookie() {
        return Optional.ofNullable(cookie);
    }

    /** Forgets the session, or takes another's ({@code value}). */
    public void cookie(String value) {
        cookie = value;
    }

    /** GETs {@code target} (a path and query) with {@code headers} (name, value, ...). */
    public HttpResponse<String> get(String target, String... headers) throws IOException, InterruptedException {
        return send(request(target, headers).GET());
    }

    /** POSTs {@code body} as a form to {@code target}, with {@code headers} and nothing else. */
    public HttpResponse<String> post(String target, String body, String... headers)
            throws IOException, InterruptedException {
        return postAs(target, "application/x-www-form-urlencoded", body, headers);
    }

    /** POSTs {@code body} as {@code contentType}. */
    public HttpResponse<String> postAs(String target, String contentType, String body, String... headers)
            throws IOException, InterruptedException {
        return send(request(target, headers).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    /** POSTs a form as this server's own page does: its Origin, the session's form token, then {@code fields}. */
    public HttpResponse<String> submit(String target, String... fields) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("csrf", csrf()));
        all.addAll(List.of(fields));
        return post(target, form(all.toArray(String[]::new)), "Origin", origin());
    }

    /** Logs in with the local page's one-time address ({@code /ui/login?secret=...}), keeping the cookie. */
    public HttpResponse<String> logInAt(String login) throws IOException, InterruptedException {
        return keep(get(login));
    }

    /** Logs in on a team server with {@code token} through the login form, keeping the cookie. */
    public HttpResponse<String> logIn(String token) throws IOException, InterruptedException {
        return keep(post("/ui/login", form("token", token), "Origin", origin()));
    }

    /** Returns the session's form token, as the hidden {@code csrf} field of its pages holds it. */
    public String csrf() throws IOException, InterruptedException {
        return field(get("/ui/").body(), CSRF);
    }

    /** Returns the first group of {@code pattern} in {@code html}, or fails naming what was there. */
    public static String field(String html, Pattern pattern) {
        Matcher found = pattern.matcher(html);
        if (!found.find()) {
            throw new AssertionError("no " + pattern + " in " + html);
        }
        return found.group(1);
    }

    /** Returns {@code namesAndValues} as {@code application/x-www-form-urlencoded}. */
    public static String form(String... namesAndValues) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (i > 0) {
                body.append('&');
            }
            body.append(URLEncoder.encode(namesAndValues[i], StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(namesAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return body.toString();
    }

    /** Encodes {@code value} as a query parameter's value. */
    public static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Keeps the session cookie that {@code response} sets, if it sets one. */
    public HttpResponse<String> keep(HttpResponse<String> response) {
        for (String set : response.headers().allValues("Set-Cookie")) {
            if (set.startsWith(COOKIE + "=")) {
                String value = set.substring(COOKIE.length() + 1, set.indexOf(';') < 0 ? set.length() : set.indexOf(';'));
                cookie = value.isEmpty() ? null : value;
            }
        }
        return response;
    }

    private HttpRequest.Builder request(String target, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(target)).timeout(Duration.ofSeconds(60));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        if (cookie != null) {
            builder.header("Cookie", COOKIE + "=" + cookie);
        }
        return builder;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
