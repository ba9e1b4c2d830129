package dev.memdir.e2e.support;

/** The resources memdir serves that many end-to-end tests read or listen to. */
public final class MemdirUris {

    public static final String INDEX = "memdir://memory/index";
    public static final String STATUS = "memdir://memory/status";
    public static final String INSTRUCTIONS = "memdir://instructions";
    public static final String REPORT = "memdir://instructions/report";

    private MemdirUris() {}
}
