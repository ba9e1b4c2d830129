package dev.memdir.bench;

import java.io.IOException;

/** A server's own mix of calls for a load test: a set-up once, then call {@code i} for i = 0, 1, 2, ... */
interface MixedLoad {

    void prepare(McpPipe server) throws IOException;

    McpPipe.Answer call(McpPipe server, int i) throws IOException;
}
