package dev.memdir.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery, order, rules and content rules of instruction resolution, on fixture trees in temp directories. */
class InstructionResolverTest {

    @TempDir Path temp;
    InstructionTree tree;

    @BeforeEach
    void create() throws IOException {
        tree = new InstructionTree(temp);
    }

    /** Returns the contributing files under the tree, in order. */
    private List<Path> contributing(Instructions instructions) {
        return instructions.files().stream().filter(InstructionFile::contributes).map(InstructionFile::path)
                .filter(path -> path.startsWith(tree.base)).collect(Collectors.toList());
    }

    private Map<Path, Optional<SkipReason>> reasons(Instructions instructions) {
        return instructions.files().stream().filter(file -> file.path().startsWith(tree.base))
                .collect(Collectors.toMap(InstructionFile::path, InstructionFile::skipped, (a, b) -> b));
    }

    @Test
    void loadsEveryLayerInClaudeCodesOrder() throws IOException {
        Path managed = tree.write(tree.managed.resolve("CLAUDE.md"), "managed");
        Path managedRule = tree.write(tree.managed.resolve(".claude/rules/policy.md"), "managed rule");
        Path user = tree.write(tree.claude.resolve("CLAUDE.md"), "user");
        Path userRule = tree.write(tree.claude.resolve("rules/style.md"), "user rule");
        Path workspace = tree.write(tree.workspace.resolve("CLAUDE.md"), "workspace");
        Path project = tree.inProject("CLAUDE.md", "project");
        Path dotClaude = tree.inProject(".claude/CLAUDE.md", "dot claude");
        Path rule = tree.inProject(".claude/rules/testing.md", "project rule");
        Path local = tree.inProject("CLAUDE.local.md", "local");

        assertThat(contributing(tree.resolve()))
                .containsExactly(managed, managedRule, user, userRule, workspace, project, dotClaude, rule, local);
    }

    @Test
    void textHeadsEachFileWithItsPathAndScope() throws IOException {
        Path project = tree.inProject("CLAUDE.md", "# Project\n\nUse pnpm.\n");
        Path local = tree.inProject("CLAUDE.local.md", "My sandbox URL is http://localhost:3000\n");

        assertThat(tree.resolve().text()).isEqualTo(
                "Contents of " + project + " (project instructions, checked into the codebase):\n\n"
                        + "# Project\n\nUse pnpm.\n\n"
                        + "Contents of " + local + " (user's private project instructions, not checked in):\n\n"
                        + "My sandbox URL is http://localhost:3000");
    }

    @Test
    void rulesLoadSortedDepthFirst() throws IOException {
        Path b = tree.inProject(".claude/rules/b.md", "b");
        Path a2 = tree.inProject(".claude/rules/a/2.md", "a2");
        Path a1 = tree.inProject(".claude/rules/a/1.md", "a1");
        Path c = tree.inProject(".claude/rules/c.md", "c");
        tree.inProject(".claude/rules/notes.txt", "not a rule");

        assertThat(contributing(tree.resolve())).containsExactly(a1, a2, b, c);
    }

    @Test
    void agentsMdStandsInWhereADirectoryHasNoClaudeMd() throws IOException {
        Path workspaceAgents = tree.write(tree.workspace.resolve("AGENTS.md"), "workspace agents");
        tree.inProject("AGENTS.md", "ignored: CLAUDE.md is here");
        Path project = tree.inProject("CLAUDE.md", "project");

        assertThat(contributing(tree.resolve())).containsExactly(workspaceAgents, project);

        InstructionLocations off = new InstructionLocations(tree.project, tree.home, tree.claude, tree.managed,
                false, false);
        assertThat(contributing(new InstructionResolver(off).resolve())).containsExactly(project);
    }

    @Test
    void pathRulesWaitForAMatchingFile() throws IOException {
        Path always = tree.inProject(".claude/rules/always.md", "always");
        Path everything = tree.inProject(".claude/rules/everything.md", "---\npaths:\n  - \"**\"\n---\neverything");
        Path ts = tree.inProject(".claude/rules/ts.md", "---\npaths: \"src/**/*.{ts,tsx}\"\n---\ntypescript");
        Path docs = tree.inProject(".claude/rules/docs.md", "---\npaths:\n  - docs/*.md\n  - \"[oops\"\n---\ndocs");

        Instructions start = tree.resolve();
        assertThat(contributing(start)).containsExactly(always, everything);
        assertThat(reasons(start)).containsEntry(ts, Optional.of(SkipReason.UNMATCHED_PATHS))
                .containsEntry(docs, Optional.of(SkipReason.UNMATCHED_PATHS));
        InstructionFile docsEntry = start.files().stream().filter(f -> f.path().equals(docs)).findFirst().orElseThrow();
        assertThat(docsEntry.origin()).isEqualTo(new Origin.Paths(List.of("docs/*.md", "[oops"), List.of("[oops")));

        assertThat(contributing(tree.resolveFor("src/ui/button.tsx"))).containsExactly(ts);
        assertThat(contributing(tree.resolveFor("docs/guide.md"))).containsExactly(docs);
        assertThat(contributing(tree.resolveFor("docs/deep/guide.md"))).isEmpty();
    }

    @Test
    void userRulePathsAreRelativeToTheProject() throws IOException {
        Path userRule = tree.write(tree.claude.resolve("rules/go.md"), "---\npaths: \"**/*.go\"\n---\ngo rule");

        assertThat(contributing(tree.resolve())).isEmpty();
        assertThat(contributing(tree.resolveFor("cmd/main.go"))).containsExactly(userRule);
    }

    @Test
    void ancestorRulePathsAreRelativeToTheirOwnDirectory() throws IOException {
        Path rule = tree.write(tree.workspace.resolve(".claude/rules/app.md"), "---\npaths: app/src/**\n---\napp");

        assertThat(contributing(tree.resolveFor("src/main.ts"))).containsExactly(rule);
        assertThat(contributing(tree.resolveFor("test/main.ts"))).isEmpty();
    }

    @Test
    void nestedClaudeMdFilesBecomeActiveWhenAFileBelowIsTouched() throws IOException {
        tree.inProject("CLAUDE.md", "root");
        Path api = tree.inProject("services/api/CLAUDE.md", "api");
        Path services = tree.inProject("services/AGENTS.md", "services agents");
        tree.inProject("web/CLAUDE.md", "web");

        assertThat(contributing(tree.resolve())).containsExactly(tree.project.resolve("CLAUDE.md"));
        assertThat(contributing(tree.resolveFor("services/api/handler.go"))).containsExactly(services, api);
        assertThat(contributing(tree.resolveFor(tree.project.resolve("services/x.go").toString())))
                .containsExactly(services);
    }

    @Test
    void importsFollowTheirImporterDepthFirstAndKeepTheAtText() throws IOException {
        Path project = tree.inProject("CLAUDE.md", "See @docs/a.md and @~/shared.md\n");
        Path a = tree.inProject("docs/a.md", "A, which needs @b.md");
        Path b = tree.inProject("docs/b.md", "B");
        Path shared = tree.write(tree.home.resolve("shared.md"), "shared");
        InstructionLocations approved = new InstructionLocations(tree.project, tree.home, tree.claude, tree.managed,
                true, true);

        Instructions instructions = new InstructionResolver(approved).resolve();

        assertThat(contributing(instructions)).containsExactly(project, a, b, shared);
        assertThat(instructions.text()).contains("See @docs/a.md and @~/shared.md")
                .contains("Contents of " + b + " (imported by " + a + "):\n\nB");
        InstructionFile bEntry = instructions.files().get(2);
        assertThat(bEntry.scope()).isEqualTo(Scope.IMPORT);
        assertThat(bEntry.origin()).isEqualTo(new Origin.ImportedBy(a, 1));
    }

    @Test
    void importsStopAtFourLevelsAndAtCyclesAndReportMissingFiles() throws IOException {
        tree.inProject("CLAUDE.md", "@l1.md\n@missing.md\n");
        tree.inProject("l1.md", "@l2.md");
        tree.inProject("l2.md", "@l3.md\n@l1.md");
        tree.inProject("l3.md", "@l4.md");
        tree.inProject("l4.md", "@l5.md");
        Path l5 = tree.inProject("l5.md", "too deep");

        Map<Path, Optional<SkipReason>> reasons = reasons(tree.resolve());

        assertThat(reasons).containsEntry(tree.project.resolve("l4.md"), Optional.empty())
                .containsEntry(l5, Optional.of(SkipReason.IMPORT_TOO_DEEP))
                .containsEntry(tree.project.resolve("missing.md"), Optional.of(SkipReason.MISSING));
        assertThat(tree.resolve().files()).anyMatch(f -> f.path().equals(tree.project.resolve("l1.md"))
                && f.skipped().equals(Optional.of(SkipReason.CYCLE)));
    }

    @Test
    void importsInCodeAreNotFollowed() throws IOException {
        tree.inProject("CLAUDE.md", "Run `npm i @types/node`.\n\n```\n@fenced.md\n```\n\n    @indented.md\n");
        tree.inProject("fenced.md", "no");
        tree.inProject("indented.md", "no");

        assertThat(contributing(tree.resolve())).containsExactly(tree.project.resolve("CLAUDE.md"));
    }

    @Test
    void externalImportsFromProjectFilesNeedApproval() throws IOException {
        Path outside = tree.write(tree.base.resolve("elsewhere/notes.md"), "outside");
        tree.inProject("CLAUDE.md", "@" + outside);
        Path user = tree.write(tree.claude.resolve("CLAUDE.md"), "@" + outside);

        Instructions unapproved = tree.resolve();
        InstructionFile fromProject = unapproved.files().stream()
                .filter(f -> f.path().equals(outside) && f.skipped().isPresent()).findFirst().orElseThrow();
        assertThat(fromProject.skipped()).contains(SkipReason.UNAPPROVED_EXTERNAL);
        assertThat(contributing(unapproved)).containsExactly(user, outside, tree.project.resolve("CLAUDE.md"));

        Files.delete(user);
        assertThat(reasons(tree.resolve())).containsEntry(outside, Optional.of(SkipReason.UNAPPROVED_EXTERNAL));

        tree.write(tree.home.resolve(".claude.json"), "{\"projects\":{\"" + tree.project
                + "\":{\"hasClaudeMdExternalIncludesApproved\":true}}}");
        assertThat(contributing(tree.resolve())).containsExactly(tree.project.resolve("CLAUDE.md"), outside);
    }

    @Test
    void commentsAndFrontmatterAreRemovedAndEmptyFilesContributeNothing() throws IOException {
        Path project = tree.inProject("CLAUDE.md", "---\ntitle: x\n---\n<!-- maintainers only -->\nKeep this.\n");
        Path empty = tree.inProject("CLAUDE.local.md", "<!-- nothing but a comment -->\n");

        Instructions instructions = tree.resolve();

        assertThat(instructions.text()).endsWith(":\n\nKeep this.");
        assertThat(reasons(instructions)).containsEntry(project, Optional.empty())
                .containsEntry(empty, Optional.of(SkipReason.EMPTY));
    }

    @Test
    void excludesFromEverySettingsFileApplyButNeverToManagedFiles() throws IOException {
        Path managed = tree.write(tree.managed.resolve("CLAUDE.md"), "managed");
        tree.write(tree.managed.resolve("managed-settings.json"), "{\"claudeMdExcludes\":[\"**/etc/claude-code/**\"]}");
        Path user = tree.write(tree.claude.resolve("CLAUDE.md"), "user");
        tree.write(tree.claude.resolve("settings.json"), "{\"claudeMdExcludes\":[\"" + user + "\"]}");
        Path workspace = tree.write(tree.workspace.resolve("CLAUDE.md"), "workspace");
        tree.inProject(".claude/settings.json", "{\"claudeMdExcludes\":[\"**/work/CLAUDE.md\"]}");
        Path local = tree.inProject("CLAUDE.local.md", "local");
        tree.inProject(".claude/settings.local.json", "{\"claudeMdExcludes\":[\"**/*.local.md\"]}");
        Path project = tree.inProject("CLAUDE.md", "project");

        Map<Path, Optional<SkipReason>> reasons = reasons(tree.resolve());

        assertThat(reasons).containsEntry(managed, Optional.empty())
                .containsEntry(user, Optional.of(SkipReason.EXCLUDED))
                .containsEntry(workspace, Optional.of(SkipReason.EXCLUDED))
                .containsEntry(local, Optional.of(SkipReason.EXCLUDED))
                .containsEntry(project, Optional.empty());
    }

    @Test
    void largeBinaryAndDuplicateFilesAreReportedWithTheirReason() throws IOException {
        Path large = tree.inProject("CLAUDE.md", "x".repeat((int) SourceText.MAX_BYTES + 1));
        Path binary = tree.inProject(".claude/CLAUDE.md", "text\0binary");
        Path rule = tree.inProject(".claude/rules/r.md", "rule");
        Files.createSymbolicLink(tree.project.resolve(".claude/rules/again.md"), rule);

        Map<Path, Optional<SkipReason>> reasons = reasons(tree.resolve());

        assertThat(reasons).containsEntry(large, Optional.of(SkipReason.TOO_LARGE))
                .containsEntry(binary, Optional.of(SkipReason.NOT_TEXT))
                .containsEntry(tree.project.resolve(".claude/rules/again.md"), Optional.empty())
                .containsEntry(rule, Optional.of(SkipReason.DUPLICATE));
        assertThat(tree.resolve().files().stream().filter(f -> f.path().equals(large)).findFirst().orElseThrow()
                .rawBytes()).isEqualTo(SourceText.MAX_BYTES + 1);
    }

    @Test
    void symlinkedRulesDirectoriesAreFollowedOnceEvenInACycle() throws IOException {
        Path shared = tree.write(tree.base.resolve("shared-rules/common.md"), "common").getParent();
        Files.createDirectories(tree.project.resolve(".claude/rules"));
        Files.createSymbolicLink(tree.project.resolve(".claude/rules/shared"), shared);
        Files.createSymbolicLink(shared.resolve("loop"), shared);

        assertThat(contributing(tree.resolve()))
                .containsExactly(tree.project.resolve(".claude/rules/shared/common.md"));
    }

    @Test
    void cacheResolvesAgainOnlyWhenAConsultedFileChanges() throws IOException {
        tree.inProject("CLAUDE.md", "v1");
        InstructionsCache cache = new InstructionsCache(tree.locations());

        assertThat(cache.current().text()).endsWith("v1");
        assertThat(cache.refresh()).isFalse();

        Path nested = tree.write(tree.workspace.resolve("CLAUDE.md"), "new in an ancestor");
        assertThat(cache.refresh()).isTrue();
        assertThat(contributing(cache.current())).startsWith(nested);

        tree.inProject("CLAUDE.md", "v2, longer");
        assertThat(cache.current().text()).endsWith("v2, longer");
    }
}
