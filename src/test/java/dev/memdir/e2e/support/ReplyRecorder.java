package dev.memdir.e2e.support;

import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpTransportRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import reactor.core.publisher.Flux;

/**
 * A client transport that passes every exchange through and keeps what the server sent back as it came off the
 * wire: the SDK fills in what a result leaves out ({@code resultType}, {@code ttlMs}, {@code cacheScope}), so only
 * the wire shows whether the server sent them.
 */
public final class ReplyRecorder implements McpClientTransport {

    /** One message the server sent in answer to {@code request} (its response, or a notification on its stream). */
    public record Reply(JsonRpc.JSONRPCRequest request, JsonRpc.JSONRPCMessage message) {

        public String method() {
            return request.method();
        }
    }

    private final McpClientTransport transport;
    private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();

    ReplyRecorder(McpClientTransport transport) {
        this.transport = transport;
    }

    @Override
    public Flux<JsonRpc.JSONRPCMessage> exchange(McpTransportRequest request) {
        return transport.exchange(request).doOnNext(message -> replies.add(new Reply(request.message(), message)));
    }

    public List<Reply> replies() {
        return List.copyOf(replies);
    }

    /** The results of the successful responses to {@code method}, oldest first, as JSON objects. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> results(String method) {
        return replies.stream().filter(reply -> reply.method().equals(method))
                .map(Reply::message)
                .filter(message -> message instanceof JsonRpc.JSONRPCResponse response && response.error() == null)
                .map(message -> (Map<String, Object>) ((JsonRpc.JSONRPCResponse) message).result())
                .toList();
    }

    /** The result of {@code reply}, which must be a successful response. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> result(Reply reply) {
        if (!(reply.message() instanceof JsonRpc.JSONRPCResponse response) || response.error() != null) {
            throw new AssertionError("not a result: " + reply.message() + " to " + reply.request());
        }
        return (Map<String, Object>) response.result();
    }
}
