package dev.memdir.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A TCP proxy on loopback between memdir and a plain-HTTP S3 endpoint that reads the HTTP/1.1 requests going
 * through it, keeping each one's request line and when its head arrived: how the bench counts the requests a call
 * makes. Each request's head is read to its blank line and its body skipped by {@code Content-Length} (or chunk by
 * chunk); the answers pass through untouched, so an {@code Expect: 100-continue} works as without the proxy.
 */
final class CountingProxy implements Closeable {

    /** One request: its line ({@code PUT /bucket/key HTTP/1.1}) and when its head arrived ({@link System#nanoTime}). */
    record Request(String line, long nanos) {}

    private final ServerSocket server;
    private final URI upstream;
    private final List<Request> requests = new ArrayList<>();

    private CountingProxy(ServerSocket server, URI upstream) {
        this.server = server;
        this.upstream = upstream;
    }

    /** Starts a proxy to {@code upstream}, an {@code http://HOST:PORT} endpoint. */
    static CountingProxy start(URI upstream) throws IOException {
        if (!"http".equals(upstream.getScheme()) || upstream.getPort() < 0) {
            throw new IllegalArgumentException("the counting proxy needs an http://HOST:PORT endpoint, not "
                    + upstream);
        }
        CountingProxy proxy = new CountingProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), upstream);
        daemon("bench-proxy-accept", proxy::accept);
        return proxy;
    }

    /** The endpoint to give memdir instead of the upstream one. */
    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    /** How many requests came through so far: a mark for {@link #since}. */
    synchronized int count() {
        return requests.size();
    }

    /** The requests that came after {@code mark}. */
    synchronized List<Request> since(int mark) {
        return List.copyOf(requests.subList(mark, requests.size()));
    }

    /** Waits until no request has come for {@code quietMillis} (at most a minute). */
    void awaitQuiet(long quietMillis) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            long quietFor;
            synchronized (this) {
                quietFor = requests.isEmpty() ? quietMillis
                        : (System.nanoTime() - requests.get(requests.size() - 1).nanos()) / 1_000_000;
            }
            if (quietFor >= quietMillis) {
                return;
            }
            Thread.sleep(quietMillis - quietFor);
        }
        throw new BenchFailure("requests kept coming to the S3 store for a minute");
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket store = new Socket(upstream.getHost(), upstream.getPort());
                daemon("bench-proxy-answers", () -> pump(store.getInputStream(), client));
                daemon("bench-proxy-requests", () -> forwardRequests(client, store));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private interface Io {
        void run() throws IOException;
    }

    private static void daemon(String name, Io io) {
        Thread thread = new Thread(() -> {
            try {
                io.run();
            } catch (IOException connectionEnded) {
                // the other side closed: nothing more to carry
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Copies the store's answers to memdir as they come, then closes memdir's side. */
    private static void pump(InputStream from, Socket to) throws IOException {
        try (to) {
            from.transferTo(to.getOutputStream());
        }
    }

    private void forwardRequests(Socket client, Socket store) throws IOException {
        try (store) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            OutputStream out = store.getOutputStream();
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                synchronized (this) {
                    requests.add(new Request(head.substring(0, head.indexOf("\r\n")), System.nanoTime()));
                }
                out.write(head.getBytes(StandardCharsets.ISO_8859_1));
                String headers = head.toLowerCase(Locale.ROOT);
                if (headers.contains("\r\ntransfer-encoding: chunked\r\n")) {
                    copyChunks(in, out);
                } else {
                    copy(in, out, contentLength(headers));
                }
                out.flush();
            }
        }
    }

    /** The head up to and including its blank line, or null when the connection ended between requests. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                if (head.size() == 0) {
                    return null;
                }
                throw new IOException("the connection ended inside a request head");
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static long contentLength(String headers) {
        int at = headers.indexOf("\r\ncontent-length:");
        if (at < 0) {
            return 0;
        }
        int start = at + "\r\ncontent-length:".length();
        return Long.parseLong(headers.substring(start, headers.indexOf("\r\n", start)).trim());
    }

    private static void copyChunks(InputStream in, OutputStream out) throws IOException {
        while (true) {
            String sizeLine = readLine(in);
            out.write(sizeLine.getBytes(StandardCharsets.ISO_8859_1));
            long size = Long.parseLong(sizeLine.split("[;\r]")[0].trim(), 16);
            if (size == 0) {
                String trailer;
                do {
                    trailer = readLine(in);
                    out.write(trailer.getBytes(StandardCharsets.ISO_8859_1));
                } while (!trailer.equals("\r\n"));
                return;
            }
            copy(in, out, size + 2);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        do {
            b = in.read();
            if (b < 0) {
                throw new IOException("the connection ended inside a chunked body");
            }
            line.write(b);
        } while (b != '\n');
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private static void copy(InputStream in, OutputStream out, long bytes) throws IOException {
        byte[] buffer = new byte[8192];
        for (long left = bytes; left > 0; ) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                throw new IOException("the connection ended inside a request body");
            }
            out.write(buffer, 0, read);
            left -= read;
        }
    }
}
