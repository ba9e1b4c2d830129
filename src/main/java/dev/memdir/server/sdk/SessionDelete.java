package dev.memdir.server.sdk;

import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ends a 2025-11-25 session as its client's {@code DELETE} would: its streams end, its pending requests fail, and
 * the transport forgets it, so its next request gets 404 (and its client, as the protocol has it, begins another).
 * The SDK's transport offers no other way (its sessions are private to it), so this hands it a {@code DELETE} made
 * here through the servlet API it serves: a request that answers its method, path and session header and nothing
 * else (what the transport's DELETE reads), and a response that keeps only the status.
 */
public final class SessionDelete {

    private SessionDelete() {}

    /**
     * Deletes session {@code id} of {@code transport}, which serves {@code endpoint}; returns the status its DELETE
     * got (404: it was gone).
     */
    public static int delete(HttpServlet transport, String endpoint, String id) throws ServletException, IOException {
        AtomicInteger status = new AtomicInteger(200);
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(SessionDelete.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getMethod" -> "DELETE";
                    case "getRequestURI" -> endpoint;
                    case "getHeader" -> HttpHeaders.MCP_SESSION_ID.equalsIgnoreCase((String) args[0]) ? id : null;
                    default -> nothing(method);
                });
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                SessionDelete.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("setStatus") || method.getName().equals("sendError")) {
                        status.set((Integer) args[0]);
                    }
                    return nothing(method);
                });
        transport.service(request, response);
        return status.get();
    }

    /** What a method asked of the made-up request or response answers: nothing, false or 0. */
    private static Object nothing(Method method) {
        Class<?> type = method.getReturnType();
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class || type == long.class) {
            return type == int.class ? (Object) 0 : (Object) 0L;
        }
        return null;
    }
}
