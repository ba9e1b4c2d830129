package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.empty;
import static dev.memdir.e2e.support.McpHttp.params;
import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The attack of issue 20 point 1, through the real jar over HTTP with tokens, on both stores, the server started on
 * {@code --project /} and on a project folder that holds the root: alice writes a CLAUDE.md into her memory whose
 * imports name bob's file (relatively and by its absolute path on the server), the token file, a host file, a file
 * in the operator's home, and then reads every instruction resource, the template on host paths, the prompt, the
 * status and the template's completions. No answer carries bob's content, a host file's, the token file's, the
 * operator's instructions or any absolute host path (beyond what alice sent herself); completions offer only
 * alice's own paths; and alice's own instructions work, under {@code /memories} paths.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class InstructionsAttackIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEMPLATE = "memdir://instructions/for/{+path}";
    private static final String FOR = "memdir://instructions/for/";

    private static final String BOB_SECRET = "bob-secret-6f1a";
    private static final String HOST_SECRET = "host-secret-93c2";
    private static final String HOME_SECRET = "home-secret-28d0";
    private static final String MANAGED_SECRET = "managed-secret-c4e7";
    private static final String USER_SECRET = "operator-user-secret-5b19";
    private static final String HOST_PROJECT_SECRET = "host-project-secret-7e33";
    private static final String TOKEN_FILE_HEADER = "memdir bearer tokens";

    private static final String ALICE_OWN = "alice-own-0a1";
    private static final String ALICE_INNER = "alice-inner-0a2";
    private static final String ALICE_ABSOLUTE = "alice-absolute-0a3";
    private static final String ALICE_NESTED = "alice-nested-0a4";
    private static final String ALICE_RULE = "alice-rule-0a5";
    private static final String ALICE_INDEX = "alice-index-0a6";

    /** Every path alice's memory holds, as the instructions template's completions may offer them. */
    private static final Set<String> ALICE_PATHS = Set.of("CLAUDE.md", "MEMORY.md", "notes/", "notes/inner.md",
            "notes/absolute.md", "notes/CLAUDE.md", ".claude/", ".claude/rules/", ".claude/rules/notes.md");

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0} store, --project {1}")
    @CsvSource({"directory, /", "directory, holder", "postgres, /", "postgres, holder"})
    void aPrincipalsInstructionsNeverReachTheHost(String storeKind, String projectKind) throws Exception {
        Path base = temp.toRealPath();
        Path root = base.resolve("memory");
        Path project = projectKind.equals("/") ? Path.of("/") : base;
        hostFiles(base);
        TokenStore store = TokenStore.fresh(storeKind, base);
        String aliceToken = store.token("alice");
        String bobToken = store.token("bob");
        List<String> tokenHashes = storeKind.equals("directory") ? tokenHashes(root) : List.of();

        try (ServingJar server = serve(base, project, store)) {
            McpHttp alice = new McpHttp(server.mcp(), aliceToken);
            McpHttp bob = new McpHttp(server.mcp(), bobToken);
            create(bob, "/memories/b.md", BOB_SECRET + "\n");
            List<String> imports = List.of("notes/inner.md", "/memories/notes/absolute.md", "../bob/b.md",
                    "../../user/bob/b.md", "/memories/../bob/b.md",
                    root + "/.memdir-namespaces/user/bob/b.md", root + "/.memdir-tokens",
                    base + "/host/secret.txt", base + "/host/missing.txt", "~/secret.txt", "/etc/hostname");
            StringBuilder claudeMd = new StringBuilder("# Alice\n" + ALICE_OWN + "\n");
            imports.forEach(path -> claudeMd.append("@").append(path).append("\n"));
            create(alice, "/memories/CLAUDE.md", claudeMd.toString());
            create(alice, "/memories/notes/inner.md", ALICE_INNER + "\n");
            create(alice, "/memories/notes/absolute.md", ALICE_ABSOLUTE + "\n");
            create(alice, "/memories/notes/CLAUDE.md", ALICE_NESTED + "\n");
            create(alice, "/memories/.claude/rules/notes.md", "---\npaths:\n  - \"notes/**\"\n---\n" + ALICE_RULE
                    + "\n");
            create(alice, "/memories/MEMORY.md", "- notes/inner.md: " + ALICE_INDEX + "\n");

            Set<String> sent = new LinkedHashSet<>(imports);
            Map<String, String> answers = new LinkedHashMap<>();
            List<String> uris = new ArrayList<>(List.of("memdir://instructions", "memdir://instructions/report",
                    "memdir://memory/status", FOR + "notes/x.md", FOR + "/memories/notes/x.md"));
            for (String path : List.of(root + "/.memdir-namespaces/user/alice/notes/x.md",
                    root + "/.memdir-namespaces/user/bob/x.md", base + "/hostproject/sub/x.md",
                    base + "/host/secret.txt")) {
                uris.add(FOR + path);
                uris.add(FOR + path.substring(1));
                uris.add(FOR + base.relativize(Path.of(path)));
            }
            uris.addAll(List.of(FOR + "../bob/b.md", FOR + "../../user/bob/b.md", FOR + "/etc/hostname"));
            for (String uri : uris) {
                sent.add(uri);
                answers.put("read " + uri, alice.call("resources/read", params("uri", uri)).toString());
            }
            answers.put("prompt project-instructions", alice.call("prompts/get",
                    params("name", "project-instructions")).toString());
            for (String method : List.of("server/discover", "resources/list", "resources/templates/list")) {
                answers.put(method, alice.call(method, empty()).toString());
            }
            List<String> typed = List.of("", "/", "/root/", "../", "../bob/", "tmp/",
                    ".memdir-namespaces/", "memory/", "memory/.memdir-namespaces/user/", "hostproject/",
                    base + "/", base.toString().substring(1) + "/", root + "/",
                    root.toString().substring(1) + "/.memdir-namespaces/user/", "notes/", ".c", ".claude/");
            SoftAssertions softly = new SoftAssertions();
            for (String value : typed) {
                JsonNode answer = alice.call("completion/complete", completion(value));
                answers.put("complete '" + value + "'", answer.toString());
                for (JsonNode offered : answer.path("result").path("completion").path("values")) {
                    softly.assertThat(ALICE_PATHS).as("complete '%s' offers a path alice does not have", value)
                            .contains(offered.asText());
                }
            }

            List<String> marks = new ArrayList<>(List.of(BOB_SECRET, HOST_SECRET, HOME_SECRET, MANAGED_SECRET,
                    USER_SECRET, HOST_PROJECT_SECRET, TOKEN_FILE_HEADER));
            marks.addAll(tokenHashes);
            // The temp folder's own name, as the test sees it and (through any link) as the server does.
            List<String> hostNames = Stream.of(temp, base).map(path -> path.getFileName().toString()).distinct()
                    .toList();
            answers.forEach((what, answer) -> {
                for (String mark : marks) {
                    softly.assertThat(answer).as("%s leaked %s", what, mark).doesNotContain(mark);
                }
                String unsent = withoutSent(answer, sent);
                for (String name : hostNames) {
                    softly.assertThat(unsent).as("%s leaked a host path", what).doesNotContain(name);
                }
            });

            // Alice's own instructions work, confined to her memory and shown under /memories.
            String instructions = contentText(answers.get("read memdir://instructions"));
            softly.assertThat(instructions).as("alice's instructions").startsWith(
                    "Contents of /memories/CLAUDE.md (project instructions, checked into the codebase):\n\n# Alice\n"
                            + ALICE_OWN + "\n@notes/inner.md").contains(
                    "\n\nContents of /memories/notes/inner.md (imported by /memories/CLAUDE.md):\n\n" + ALICE_INNER,
                    "\n\nContents of /memories/notes/absolute.md (imported by /memories/CLAUDE.md):\n\n"
                            + ALICE_ABSOLUTE);
            JsonNode report = JSON.readTree(contentText(answers.get("read memdir://instructions/report")));
            softly.assertThat(report.path("project").asText()).as("the report's project").isEqualTo("/memories");
            for (JsonNode file : report.path("files")) {
                softly.assertThat(file.path("path").asText()).as("a reported file").satisfiesAnyOf(
                        path -> assertThat(path).startsWith("/memories/"), path -> assertThat(sent).contains(path),
                        path -> assertThat(path).isIn("/bob/b.md", "/user/bob/b.md"));
                if (!file.path("path").asText().startsWith("/memories/")) {
                    softly.assertThat(file.path("reason").asText()).as(file.toString())
                            .isEqualTo("unapproved-external");
                    softly.assertThat(file.path("raw_bytes").asLong()).as(file.toString()).isZero();
                }
            }
            softly.assertThat(JSON.readTree(contentText(answers.get("read memdir://memory/status"))).path("root")
                    .asText()).as("the status's root").isEqualTo("/memories");
            for (String uri : List.of(FOR + "notes/x.md", FOR + "/memories/notes/x.md")) {
                softly.assertThat(contentText(answers.get("read " + uri))).as(uri).isEqualTo(
                        "Contents of /memories/notes/CLAUDE.md (project instructions, checked into the codebase):"
                                + "\n\n" + ALICE_NESTED + "\n\nContents of /memories/.claude/rules/notes.md (project"
                                + " rule, checked into the codebase):\n\n" + ALICE_RULE);
            }
            softly.assertThat(answers.get("prompt project-instructions")).as("the prompt")
                    .contains("Contents of /memories/MEMORY.md (memory index, as loaded):\\n\\n- notes/inner.md: "
                            + ALICE_INDEX, ALICE_INNER);
            softly.assertThat(answers.get("complete 'notes/'")).as("alice's completions")
                    .contains("notes/inner.md", "notes/CLAUDE.md");
            softly.assertAll();
        }
    }

    /** The host's files: a secret outside the root, the operator's home and instructions, a host project. */
    private static void hostFiles(Path base) throws Exception {
        write(base.resolve("host/secret.txt"), HOST_SECRET + "\n");
        write(base.resolve("home/secret.txt"), HOME_SECRET + "\n");
        write(base.resolve("home/.claude/CLAUDE.md"), USER_SECRET + "\n");
        write(base.resolve("managed/CLAUDE.md"), MANAGED_SECRET + "\n");
        write(base.resolve("hostproject/CLAUDE.md"), HOST_PROJECT_SECRET + "\n@../host/secret.txt\n");
        Files.createDirectories(base.resolve("hostproject/sub"));
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** Returns the SHA-256 fields of the directory store's token file. */
    private static List<String> tokenHashes(Path root) throws Exception {
        List<String> hashes = Files.readAllLines(root.resolve(".memdir-tokens")).stream()
                .filter(line -> !line.startsWith("#") && !line.isEmpty()).map(line -> line.split("\t")[1]).toList();
        assertThat(hashes).hasSize(2);
        return hashes;
    }

    private static ServingJar serve(Path base, Path project, TokenStore store) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", "127.0.0.1:0", "--project", project.toString(),
                "--managed-dir", base.resolve("managed").toString(), "--claude-config-dir",
                base.resolve("home/.claude").toString(), "--rate", "100000"));
        args.addAll(store.storeOptions());
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .env("HOME", base.resolve("home").toString()), base);
    }

    private static void create(McpHttp principal, String path, String text) throws Exception {
        assertThat(text(principal.call("tools/call", tool("create", Map.of("path", path, "file_text", text)))))
                .contains("created");
    }

    private static ObjectNode completion(String typed) {
        ObjectNode params = empty();
        params.putObject("ref").put("type", "ref/resource").put("uri", TEMPLATE);
        params.putObject("argument").put("name", "path").put("value", typed);
        return params;
    }

    /** Returns the text of a resource read's first content. */
    private static String contentText(String answer) throws Exception {
        return JSON.readTree(answer).path("result").path("contents").path(0).path("text").asText();
    }

    /**
     * Returns {@code answer} with the URIs alice read and the paths she wrote in her CLAUDE.md taken out, longest
     * first: echoing her is no leak.
     */
    private static String withoutSent(String answer, Set<String> sent) {
        String left = answer;
        for (String echo : sent.stream().filter(s -> !s.isEmpty()).sorted(Comparator.comparing(String::length)
                .reversed()).toList()) {
            left = left.replace(echo, "<sent>");
        }
        return left;
    }
}
