package dev.memdir.instructions;

import java.nio.file.Path;

/** How the text output names each kind of file, in the words Claude Code uses. */
final class Labels {

    static final String MANAGED = "managed policy instructions";
    static final String MANAGED_RULE = "managed policy rule";
    static final String USER = "user's private global instructions for all projects";
    static final String USER_RULE = "user's private rule for all projects";
    static final String PROJECT = "project instructions, checked into the codebase";
    static final String PROJECT_RULE = "project rule, checked into the codebase";
    static final String LOCAL = "user's private project instructions, not checked in";

    private Labels() {}

    static String importedBy(Path importer) {
        return "imported by " + importer;
    }
}
