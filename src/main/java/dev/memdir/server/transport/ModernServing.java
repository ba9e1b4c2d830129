package dev.memdir.server.transport;

import io.modelcontextprotocol.modern.server.McpRequestManager;

/** The 2026-07-28 server as the transport sees it. */
public interface ModernServing {

    /** The server's requests, built on first use. */
    McpRequestManager requests();

    /** Ends every open {@code subscriptions/listen} stream with its final result (nothing when none was opened). */
    void endSubscriptions();
}
