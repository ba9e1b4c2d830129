package dev.memdir.server.transport;

/** What the answer to an initialize request depends on: its id (a String or a Long) and the version it asks for. */
record InitializeCall(Object id, String protocolVersion) {}
