package dev.memdir.instructions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Resolves the layered instruction files of a project, in the order Claude Code loads them. Where the source is
 * confined (a memory), the project is all there is: no managed or user files, no directories above it.
 */
public final class InstructionResolver {

    private final InstructionLocations locations;
    private final InstructionSource source;

    /** Resolves on the host's file system. */
    public InstructionResolver(InstructionLocations locations) {
        this(locations, InstructionSource.host());
    }

    /** Resolves on {@code source}; a confined one must be the project itself. */
    public InstructionResolver(InstructionLocations locations, InstructionSource source) {
        if (source.confinement().filter(root -> !root.equals(locations.projectDirectory())).isPresent()) {
            throw new IllegalArgumentException("the project " + locations.projectDirectory()
                    + " is not the directory the source is confined to");
        }
        this.locations = locations;
        this.source = source;
    }

    public InstructionLocations locations() {
        return locations;
    }

    /** Returns what this resolver reads. */
    public InstructionSource source() {
        return source;
    }

    /** Returns what loads when a session starts in the project. */
    public Instructions resolve() throws IOException {
        Consulted consulted = new Consulted(source);
        Walk walk = new Walk(locations, source, consulted);
        atStart(walk);
        return new Instructions(walk.files(), consulted);
    }

    /**
     * Returns what becomes active when {@code path} (absolute, or relative to the project) is touched: the
     * CLAUDE.md files of the directories between the project and it, and the rules whose {@code paths:} match it.
     * Files already loaded at start are not repeated.
     */
    public Instructions resolveFor(String path) throws IOException {
        Path touched = locations.projectDirectory().resolve(path).normalize();
        Consulted consulted = new Consulted(source);
        Walk walk = new Walk(locations, source, consulted);
        List<RuleSource> rules = atStart(walk);
        walk.startOver();
        if (touched.startsWith(locations.projectDirectory()) && !touched.equals(locations.projectDirectory())) {
            for (Path directory : between(locations.projectDirectory(), touched.getParent())) {
                rules.addAll(directoryFiles(walk, directory, Optional.of(touched)));
            }
        }
        for (RuleSource rule : rules) {
            walk.addRule(rule, Optional.of(touched));
        }
        return new Instructions(walk.files(), consulted);
    }

    /** Loads the start-up files into {@code walk} and returns every rule file seen, for on-demand matching. */
    private List<RuleSource> atStart(Walk walk) throws IOException {
        Path project = locations.projectDirectory();
        Path managed = locations.managedDirectory();
        Path user = locations.claudeConfigDirectory();
        List<RuleSource> rules = new ArrayList<>();
        boolean confined = source.confinement().isPresent();
        if (!confined) {
            walk.addIfPresent(managed.resolve("CLAUDE.md"), Scope.MANAGED, Labels.MANAGED, true, true);
            rules.addAll(rules(walk, managed.resolve(".claude/rules"), project, Labels.MANAGED_RULE, true, true,
                    Optional.empty()));
            walk.addIfPresent(user.resolve("CLAUDE.md"), Scope.USER, Labels.USER, true, false);
            rules.addAll(rules(walk, user.resolve("rules"), project, Labels.USER_RULE, true, false,
                    Optional.empty()));
        }
        for (Path directory : confined ? List.of(project) : ancestorsDownTo(project)) {
            directoryFiles(walk, directory, Optional.empty()).forEach(rules::add);
        }
        return rules;
    }

    /** Loads a directory's CLAUDE.md (or AGENTS.md), .claude/CLAUDE.md, rules and CLAUDE.local.md. */
    private List<RuleSource> directoryFiles(Walk walk, Path directory, Optional<Path> touched) throws IOException {
        Consulted consulted = walk.consulted();
        consulted.add(directory);
        boolean hasClaudeMd = walk.addIfPresent(directory.resolve("CLAUDE.md"), Scope.PROJECT, Labels.PROJECT,
                false, false);
        if (!hasClaudeMd && locations.agentsMd()) {
            walk.addIfPresent(directory.resolve("AGENTS.md"), Scope.PROJECT, Labels.PROJECT, false, false);
        }
        walk.addIfPresent(directory.resolve(".claude/CLAUDE.md"), Scope.PROJECT, Labels.PROJECT, false, false);
        List<RuleSource> rules = rules(walk, directory.resolve(".claude/rules"), directory, Labels.PROJECT_RULE,
                false, false, touched);
        walk.addIfPresent(directory.resolve("CLAUDE.local.md"), Scope.LOCAL, Labels.LOCAL, false, false);
        return rules;
    }

    private List<RuleSource> rules(Walk walk, Path rulesDirectory, Path base, String label, boolean trusted,
            boolean managed, Optional<Path> touched) throws IOException {
        List<RuleSource> rules = new ArrayList<>();
        for (Path file : RulesTree.files(source, rulesDirectory, walk.consulted())) {
            RuleSource rule = new RuleSource(file, base, label, trusted, managed);
            walk.addRule(rule, touched);
            rules.add(rule);
        }
        return touched.isPresent() ? List.of() : rules;
    }

    /** Returns every directory from the topmost one below the file-system root down to {@code directory}. */
    private static List<Path> ancestorsDownTo(Path directory) {
        List<Path> directories = new ArrayList<>();
        for (Path current = directory; current != null && current.getParent() != null; current = current.getParent()) {
            directories.add(0, current);
        }
        return directories;
    }

    /** Returns the directories below {@code top} down to {@code bottom} (inclusive), outermost first. */
    private static List<Path> between(Path top, Path bottom) {
        List<Path> directories = new ArrayList<>();
        for (Path current = bottom; current != null && !current.equals(top); current = current.getParent()) {
            directories.add(0, current);
        }
        return directories;
    }
}
