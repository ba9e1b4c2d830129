package dev.memdir.instructions;

import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.markdown.BlockComments;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One resolution in progress: the files in load order, each loaded once (by real path), each followed by
 * the files it imports, depth first.
 */
final class Walk {

    static final int MAX_IMPORT_DEPTH = 4;

    private final InstructionLocations locations;
    private final InstructionSource source;
    private final Consulted consulted;
    private final Excludes excludes;
    private final boolean externalApproved;
    private final Set<Path> loaded = new HashSet<>();
    private final List<InstructionFile> files = new ArrayList<>();

    Walk(InstructionLocations locations, InstructionSource source, Consulted consulted) {
        this.locations = locations;
        this.source = source;
        this.consulted = consulted;
        this.excludes = Excludes.of(ClaudeSettings.excludePatterns(locations, source, consulted));
        this.externalApproved = locations.allowExternalImports()
                || ClaudeSettings.externalImportsApproved(locations, source, consulted);
    }

    Consulted consulted() {
        return consulted;
    }

    List<InstructionFile> files() {
        return List.copyOf(files);
    }

    /** Starts a new list of files, keeping what was loaded so far as loaded (for what a path adds on demand). */
    void startOver() {
        files.clear();
    }

    /** Adds a file found by the walk, when it exists. Returns whether it exists. */
    boolean addIfPresent(Path path, Scope scope, String label, boolean trusted, boolean managed) throws IOException {
        consulted.add(path);
        if (source.attributes(path).isEmpty()) {
            return false;
        }
        load(path, scope, label, new Origin.None(), trusted, managed, 0, new ArrayDeque<>(), Optional.empty());
        return true;
    }

    /**
     * Adds a rule file. Without {@code paths:} it loads; with them it loads only when {@code touched} (a path)
     * is given and one of them matches it relative to the rule's base.
     */
    void addRule(RuleSource rule, Optional<Path> touched) throws IOException {
        consulted.add(rule.file());
        load(rule.file(), Scope.RULE, rule.label(), new Origin.None(), rule.trusted(), rule.managed(), 0,
                new ArrayDeque<>(), Optional.of(new RuleContext(rule.base(), touched)));
    }

    /** What decides whether a rule with {@code paths:} applies. */
    private record RuleContext(Path base, Optional<Path> touched) {

        boolean applies(RulePaths paths) {
            if (paths.unconditional()) {
                return true;
            }
            if (touched.isEmpty() || !touched.get().startsWith(base)) {
                return false;
            }
            return paths.matches(base.relativize(touched.get()).toString().replace('\\', '/'));
        }
    }

    private void load(Path path, Scope scope, String label, Origin origin, boolean trusted, boolean managed,
            int depth, Deque<Path> chain, Optional<RuleContext> rule) throws IOException {
        boolean outside = !isInsideProject(path);
        if (!managed && excludes.excludes(path.toAbsolutePath())) {
            skip(path, scope, label, origin, outside, size(path), SkipReason.EXCLUDED);
            return;
        }
        Path real = source.realPath(path);
        if (loaded.contains(real)) {
            skip(path, scope, label, origin, outside, size(path), SkipReason.DUPLICATE);
            return;
        }
        SourceText.Read read = SourceText.read(source, path);
        if (read.problem().isPresent()) {
            skip(path, scope, label, origin, outside, read.rawBytes(), read.problem().get());
            return;
        }
        String raw = read.text().orElseThrow();
        Optional<Frontmatter> frontmatter = Frontmatter.find(raw);
        if (rule.isPresent()) {
            Optional<RulePaths> paths = rulePaths(frontmatter);
            if (paths.isPresent() && !rule.get().applies(paths.get())) {
                files.add(new InstructionFile(path, scope, label, pathsOrigin(paths.get()), outside, read.rawBytes(),
                        "", Optional.of(SkipReason.UNMATCHED_PATHS)));
                return;
            }
            if (paths.isPresent()) {
                origin = pathsOrigin(paths.get());
            }
        }
        loaded.add(real);
        String content = BlockComments.strip(Frontmatter.strip(raw)).strip();
        if (content.isEmpty()) {
            skip(path, scope, label, origin, outside, read.rawBytes(), SkipReason.EMPTY);
            return;
        }
        files.add(new InstructionFile(path, scope, label, origin, outside, read.rawBytes(), content,
                Optional.empty()));
        chain.push(real);
        for (ImportReference reference : ImportScanner.scan(blankFrontmatter(raw, frontmatter))) {
            addImport(path, reference, trusted, managed, depth + 1, chain);
        }
        chain.pop();
    }

    private void addImport(Path importer, ImportReference reference, boolean trusted, boolean managed, int depth,
            Deque<Path> chain) throws IOException {
        Path target = resolveImport(importer, reference.path());
        Origin origin = new Origin.ImportedBy(importer, reference.line());
        String label = Labels.importedBy(importer);
        if (!source.reaches(target)) {
            // Not looked at at all: whether anything is there is not the importer's to learn.
            skip(target, Scope.IMPORT, label, origin, true, 0, SkipReason.UNAPPROVED_EXTERNAL);
            return;
        }
        consulted.add(target);
        boolean outside = !isInsideProject(target);
        if (source.attributes(target).isEmpty()) {
            skip(target, Scope.IMPORT, label, origin, outside, 0, SkipReason.MISSING);
            return;
        }
        if (depth > MAX_IMPORT_DEPTH) {
            skip(target, Scope.IMPORT, label, origin, outside, size(target), SkipReason.IMPORT_TOO_DEEP);
            return;
        }
        if (chain.contains(source.realPath(target))) {
            skip(target, Scope.IMPORT, label, origin, outside, size(target), SkipReason.CYCLE);
            return;
        }
        if (outside && !trusted && !externalApproved) {
            skip(target, Scope.IMPORT, label, origin, true, size(target), SkipReason.UNAPPROVED_EXTERNAL);
            return;
        }
        load(target, Scope.IMPORT, label, origin, trusted, managed, depth, chain, Optional.empty());
    }

    /**
     * Resolves {@code @path}: {@code ~/} under the home directory (left as written where the resolution is confined,
     * since the home is the host's), absolute as given, else beside the importer.
     */
    private Path resolveImport(Path importer, String reference) {
        Path target;
        if (reference.startsWith("~/") && source.confinement().isPresent()) {
            return Path.of(reference).normalize();
        } else if (reference.startsWith("~/")) {
            target = locations.home().resolve(reference.substring(2));
        } else {
            Path given = Path.of(reference);
            target = given.isAbsolute() ? given : importer.getParent().resolve(given);
        }
        return target.toAbsolutePath().normalize();
    }

    private boolean isInsideProject(Path path) {
        Path project = locations.projectDirectory();
        try {
            return source.realPath(path).startsWith(source.realPath(project));
        } catch (IOException missing) {
            return path.toAbsolutePath().normalize().startsWith(project);
        }
    }

    private void skip(Path path, Scope scope, String label, Origin origin, boolean outside, long rawBytes,
            SkipReason reason) {
        files.add(new InstructionFile(path, scope, label, origin, outside, rawBytes, "", Optional.of(reason)));
    }

    private long size(Path path) {
        return source.attributes(path).map(InstructionSource.Attributes::size).orElse(0L);
    }

    private static Optional<RulePaths> rulePaths(Optional<Frontmatter> frontmatter) {
        if (frontmatter.isEmpty()) {
            return Optional.empty();
        }
        Object document;
        try {
            document = new Yaml(new SafeConstructor(new LoaderOptions())).load(frontmatter.get().yaml());
        } catch (RuntimeException notYaml) {
            return Optional.empty();
        }
        if (!(document instanceof Map<?, ?> map) || !map.containsKey("paths")) {
            return Optional.empty();
        }
        return Optional.of(RulePaths.parse(map.get("paths")));
    }

    private static Origin pathsOrigin(RulePaths paths) {
        List<String> invalid = new ArrayList<>();
        for (InvalidGlobException e : paths.invalid()) {
            invalid.add(e.pattern());
        }
        return new Origin.Paths(paths.patterns(), invalid);
    }

    /** Returns the text with its frontmatter lines emptied, so that import line numbers are the file's own. */
    private static String blankFrontmatter(String raw, Optional<Frontmatter> frontmatter) {
        if (frontmatter.isEmpty()) {
            return raw;
        }
        String head = raw.substring(0, frontmatter.get().bodyStart());
        return head.replaceAll("[^\\r\\n]", "") + raw.substring(frontmatter.get().bodyStart());
    }
}
