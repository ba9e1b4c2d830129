package dev.memdir.e2e.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 by hand over a socket: what java.net.http will not send (a Host header of one's choosing) and a body
 * sent in parts with a pause between.
 */
public final class RawHttp implements AutoCloseable {

    /** A response: status, headers (names in lower case) and body. */
    public record Response(int status, Map<String, String> headers, String body) {}

    private final Socket socket;

    public RawHttp(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
    }

    /** Sends the head of a request: the request line and headers, then the empty line. */
    public void head(String requestLine, Map<String, String> headers) throws IOException {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        send(head.toString());
    }

    public void send(String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads the head of a response that has no body whatever its headers say (the answer to a HEAD). */
    public Response readHead() throws IOException {
        return head(socket.getInputStream());
    }

    /** Reads one response whose body has a Content-Length or ends with the connection. */
    public Response read() throws IOException {
        InputStream in = socket.getInputStream();
        Response head = head(in);
        Map<String, String> headers = head.headers();
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            int size = Integer.parseInt(line(in).trim(), 16);
            while (size > 0) {
                all.write(in.readNBytes(size));
                line(in);
                size = Integer.parseInt(line(in).trim(), 16);
            }
            line(in);
            body = all.toByteArray();
        } else {
            body = in.readAllBytes();
        }
        return new Response(head.status(), headers, new String(body, StandardCharsets.UTF_8));
    }

    private static Response head(InputStream in) throws IOException {
        String statusLine = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers, "");
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection ended in a header line");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
