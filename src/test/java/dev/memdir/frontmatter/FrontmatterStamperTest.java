package dev.memdir.frontmatter;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

class FrontmatterStamperTest {

    static final String SESSION = "3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37";
    static final Instant NOW = Instant.parse("2026-11-29T10:15:00Z");

    private final FrontmatterStamper stamper = stamperAt(NOW);

    static FrontmatterStamper stamperAt(Instant instant) {
        return new FrontmatterStamper(Clock.fixed(instant, ZoneOffset.UTC), SESSION);
    }

    /** Returns the stamped content, which must come with no problem. */
    static String stamped(FrontmatterStamper stamper, String content, boolean creating) {
        Stamp stamp = stamper.stamp(content, creating);
        assertThat(stamp.problem()).isEmpty();
        return stamp.content();
    }

    private String update(String content) {
        return stamped(stamper, content, false);
    }

    private String create(String content) {
        return stamped(stamper, content, true);
    }

    @Test
    void stamp_existingModified_replacedInPlaceKeepingComments() {
        assertThat(update("""
                ---
                # about this memory
                name: testing-preferences
                description: integration tests must hit a real database, not mocks
                metadata:
                  type: feedback            # user | feedback | project | reference
                  modified: 2020-01-01T00:00:00Z   # set by the server

                  originSessionId: 0000
                ---
                body
                """)).isEqualTo("""
                ---
                # about this memory
                name: testing-preferences
                description: integration tests must hit a real database, not mocks
                metadata:
                  type: feedback            # user | feedback | project | reference
                  modified: 2026-11-29T10:15:00Z   # set by the server

                  originSessionId: 0000
                ---
                body
                """);
    }

    @Test
    void stamp_noModified_insertedAfterLastEntryWithFirstKeysIndent() {
        assertThat(update("""
                ---
                metadata:
                    type: user
                    tags: [a, b]
                name: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                    type: user
                    tags: [a, b]
                    modified: 2026-11-29T10:15:00Z
                name: x
                ---
                """);
    }

    @Test
    void stamp_lastEntryMultiLinePlainScalar_insertedAfterIt() {
        assertThat(update("""
                ---
                metadata:
                  note: a long note
                    that goes on
                    over lines # comment
                name: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  note: a long note
                    that goes on
                    over lines # comment
                  modified: 2026-11-29T10:15:00Z
                name: x
                ---
                """);
    }

    @Test
    void stamp_lastEntryBlockScalar_insertedAfterIt() {
        assertThat(update("""
                ---
                metadata:
                  type: project
                  note: |
                    line one
                    line two
                name: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  type: project
                  note: |
                    line one
                    line two
                  modified: 2026-11-29T10:15:00Z
                name: x
                ---
                """);
    }

    @Test
    void stamp_lastEntryNestedMappingThenComment_insertedBeforeComment() {
        assertThat(update("""
                ---
                metadata:
                  type: project
                  links:
                    issue: 42
                    list:
                      - a
                      - b
                # next comes the name

                name: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  type: project
                  links:
                    issue: 42
                    list:
                      - a
                      - b
                  modified: 2026-11-29T10:15:00Z
                # next comes the name

                name: x
                ---
                """);
    }

    @Test
    void stamp_metadataLastInYamlThenComments_insertedAfterItsLastEntry() {
        assertThat(update("""
                ---
                name: x
                metadata:
                  type: user
                  # more later

                # end
                ---
                """)).isEqualTo("""
                ---
                name: x
                metadata:
                  type: user
                  modified: 2026-11-29T10:15:00Z
                  # more later

                # end
                ---
                """);
    }

    @Test
    void stamp_create_recordsSessionBeforeModified() {
        assertThat(create("""
                ---
                name: x
                metadata:
                  type: user
                ---
                """)).isEqualTo("""
                ---
                name: x
                metadata:
                  type: user
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_createWithSessionPresent_keepsItAndReplacesModified() {
        assertThat(create("""
                ---
                metadata:
                  originSessionId: earlier-session
                  modified: 2020-01-01T00:00:00Z
                  type: user
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  originSessionId: earlier-session
                  modified: 2026-11-29T10:15:00Z
                  type: user
                ---
                """);
    }

    @Test
    void stamp_createWithEmptySessionAndModified_fillsBoth() {
        assertThat(create("""
                ---
                metadata:
                  originSessionId:
                  modified:   # filled in by the server
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-11-29T10:15:00Z   # filled in by the server
                ---
                """);
    }

    @Test
    void stamp_update_neverRecordsSession() {
        assertThat(update("""
                ---
                metadata:
                  type: user
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  type: user
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_emptyMetadata_addsChildrenBelowIt() {
        assertThat(create("""
                ---
                metadata:
                name: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-11-29T10:15:00Z
                name: x
                ---
                """);
    }

    @Test
    void stamp_emptyMetadataWithComment_keepsComment() {
        assertThat(update("""
                ---
                metadata:   # server fills this
                ---
                """)).isEqualTo("""
                ---
                metadata:   # server fills this
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_explicitNullMetadata_nullDroppedChildrenAdded() {
        assertThat(update("""
                ---
                metadata: ~
                type: x
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  modified: 2026-11-29T10:15:00Z
                type: x
                ---
                """);
        assertThat(update("""
                ---
                metadata: null  # none yet
                ---
                """)).isEqualTo("""
                ---
                metadata:   # none yet
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_repeatedKey_replacesTheLastOneLoadersKeep() {
        assertThat(update("""
                ---
                metadata:
                  modified: first
                  modified: second
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  modified: first
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_flatForm_replacesTopLevelModified() {
        assertThat(update("""
                ---
                name: x
                modified: 2020-01-01
                type: user
                ---
                """)).isEqualTo("""
                ---
                name: x
                modified: 2026-11-29T10:15:00Z
                type: user
                ---
                """);
    }

    @Test
    void stamp_flatFormWithTypeOnly_addsTopLevelKeys() {
        assertThat(create("""
                ---
                name: x
                type: user
                description: >
                  folded
                  text
                ---
                """)).isEqualTo("""
                ---
                name: x
                type: user
                description: >
                  folded
                  text
                originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_noMetadataNoFlatKeys_appendsMetadataAtEndOfYaml() {
        assertThat(create("""
                ---
                name: x
                description: y
                # trailing comment
                ---
                body
                """)).isEqualTo("""
                ---
                name: x
                description: y
                # trailing comment
                metadata:
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-11-29T10:15:00Z
                ---
                body
                """);
    }

    @Test
    void stamp_emptyYaml_appendsMetadata() {
        assertThat(update("---\n---\nbody\n")).isEqualTo("""
                ---
                metadata:
                  modified: 2026-11-29T10:15:00Z
                ---
                body
                """);
        assertThat(update("---\n# only a comment\n---\n")).isEqualTo("""
                ---
                # only a comment
                metadata:
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
    }

    @Test
    void stamp_quotedValue_replacedWithPlainTimestamp() {
        assertThat(update("""
                ---
                metadata:
                  modified: "2020-01-01"
                  type: 'user'
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  modified: 2026-11-29T10:15:00Z
                  type: 'user'
                ---
                """);
    }

    @Test
    void stamp_blockScalarModified_replacedKeepingFollowingLines() {
        assertThat(update("""
                ---
                metadata:
                  modified: |
                    2020-01-01

                  type: user
                ---
                """)).isEqualTo("""
                ---
                metadata:
                  modified: 2026-11-29T10:15:00Z

                  type: user
                ---
                """);
    }

    @Test
    void stamp_crlfFile_staysCrlf() {
        String content = "---\r\nname: x\r\nmetadata:\r\n  type: user # kind\r\n---\r\nbody\r\n";

        assertThat(create(content)).isEqualTo("---\r\nname: x\r\nmetadata:\r\n  type: user # kind\r\n"
                + "  originSessionId: " + SESSION + "\r\n  modified: 2026-11-29T10:15:00Z\r\n---\r\nbody\r\n");
        assertThat(update("---\r\nmetadata:\r\n  modified: 2020-01-01\r\n---\r\n"))
                .isEqualTo("---\r\nmetadata:\r\n  modified: 2026-11-29T10:15:00Z\r\n---\r\n");
        assertThat(update("---\r\nname: x\r\n---\r\n"))
                .isEqualTo("---\r\nname: x\r\nmetadata:\r\n  modified: 2026-11-29T10:15:00Z\r\n---\r\n");
        assertThat(update("---\r\nmetadata: ~ \r\n---\r\n"))
                .isEqualTo("---\r\nmetadata:\r\n  modified: 2026-11-29T10:15:00Z\r\n---\r\n");
    }

    @Test
    void stamp_bodyUntouched_evenWithItsOwnFencesAndYaml() {
        String body = """
                # Notes
                ---
                metadata:
                  modified: not me
                ---
                tail without newline""";

        assertThat(update("---\nmetadata:\n  modified: 2020-01-01\n---\n" + body))
                .isEqualTo("---\nmetadata:\n  modified: 2026-11-29T10:15:00Z\n---\n" + body);
    }

    @Test
    void stamp_again_changesOnlyTheValue() {
        String first = create("""
                ---
                name: x
                metadata:
                  type: user
                ---
                """);

        String second = stamped(stamperAt(Instant.parse("2026-12-01T08:00:00Z")), first, false);

        assertThat(second).isEqualTo("""
                ---
                name: x
                metadata:
                  type: user
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-12-01T08:00:00Z
                ---
                """);
        assertThat(stamped(stamperAt(Instant.parse("2026-12-01T08:00:00Z")), second, true)).isEqualTo(second);
    }

    @Test
    void stamp_againAfterAppend_addsNoDuplicateKeys() {
        String first = create("---\nname: x\n---\n");

        assertThat(create(first)).isEqualTo(first).isEqualTo("""
                ---
                name: x
                metadata:
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
        String flat = create("---\ntype: user\n---\n");
        assertThat(create(flat)).isEqualTo(flat);
    }

    @Test
    void stamp_unicodeBeforeAndInValues_editsTheRightPlace() {
        assertThat(create("""
                ---
                name: 😀 emoji 𝄞 notes
                description: "Grüße — 日本語 \\U0001F600"
                metadata:
                  type: 👍
                  modified: ünïcödé 😀
                ---
                Body 😀
                """)).isEqualTo("""
                ---
                name: 😀 emoji 𝄞 notes
                description: "Grüße — 日本語 \\U0001F600"
                metadata:
                  type: 👍
                  modified: 2026-11-29T10:15:00Z
                  originSessionId: 3f2a9c1e-5b7d-4e21-9a0c-6d8e4f1b2a37
                ---
                Body 😀
                """);
    }

    @Test
    void stamp_clockWithFractionAndZone_writesUtcSeconds() {
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T10:15:00.987654Z"), ZoneId.of("Asia/Tokyo"));

        Stamp stamp = new FrontmatterStamper(clock, SESSION).stamp("---\nmodified: x\n---\n", false);

        assertThat(stamp.content()).isEqualTo("---\nmodified: 2026-11-29T10:15:00Z\n---\n");
    }

    @Test
    void stamp_sessionIdThatIsNotPlainYaml_doubleQuoted() {
        FrontmatterStamper odd = new FrontmatterStamper(Clock.fixed(NOW, ZoneOffset.UTC), "a: \"b\" # c");

        String content = stamped(odd, "---\nmetadata:\n  type: user\n---\n", true);

        assertThat(content).isEqualTo("""
                ---
                metadata:
                  type: user
                  originSessionId: "a: \\"b\\" # c"
                  modified: 2026-11-29T10:15:00Z
                ---
                """);
        assertThat(metadata(content)).containsEntry("originSessionId", "a: \"b\" # c");
    }

    @Test
    void stamp_noFrontmatter_unchangedWithoutProblem() {
        for (String content : new String[] {"", "body\n", "---\nname: x\nno closing fence\n", "\n---\na: 1\n---\n"}) {
            assertThat(stamper.stamp(content, true)).isEqualTo(new Stamp(content, Optional.empty()));
        }
    }

    @Test
    void stamp_result_loadsWithModifiedEqualToStamp() {
        String[] contents = {
            "---\nmetadata:\n  modified: \"2020\"\n---\n",
            "---\nmetadata:\n---\n",
            "---\nname: x\n---\n",
            "---\n---\n",
            "---\nmetadata:\n  a:\n    b: 1\n---\n",
        };
        for (String content : contents) {
            String stamped = create(content);

            assertThat(metadata(stamped))
                    .containsEntry("modified", Date.from(NOW))
                    .containsEntry("originSessionId", SESSION);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> metadata(String content) {
        Map<String, Object> root = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Frontmatter.find(content).orElseThrow().yaml());
        return (Map<String, Object>) root.get("metadata");
    }
}
