package dev.memdir.server.sdk;

import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.RequestStateCodec;

/**
 * memdir never answers {@code input_required}, so it never seals request state: a retry carrying some is refused
 * as invalid. (The SDK's default codec would make a random key for nothing, and warn about it on every start.)
 */
public final class NoRequestState implements RequestStateCodec {

    @Override
    public String seal(McpRequestContext ctx, String state) {
        throw new IllegalStateException("memdir asks for no input, so it has no request state to seal");
    }

    @Override
    public String open(McpRequestContext ctx, String sealed) {
        return null;
    }
}
