package dev.memdir.frontmatter;

import dev.memdir.frontmatter.MetadataEditor.Field;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Stamps metadata into frontmatter by editing its text, never by re-serialising the YAML. */
public final class FrontmatterStamper {

    private final Clock clock;
    private final String sessionId;

    /** Returns the session this stamper records. */
    public String sessionId() {
        return sessionId;
    }

    /** Creates a stamper that reads the time from clock and records sessionId in files it creates. */
    public FrontmatterStamper(Clock clock, String sessionId) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
    }

    /**
     * For a write of content: when content has frontmatter, sets metadata.modified to the clock's UTC time (ISO 8601,
     * seconds, e.g. 2026-11-29T10:15:00Z); when creating is true also records metadata.originSessionId = sessionId
     * unless one is present. Content without frontmatter is returned unchanged (never add frontmatter).
     */
    public Stamp stamp(String content, boolean creating) {
        Optional<Frontmatter> found = Frontmatter.find(content);
        if (found.isEmpty()) {
            return new Stamp(content, Optional.empty());
        }
        Frontmatter frontmatter = found.get();
        List<Field> fields = new ArrayList<>();
        if (creating) {
            fields.add(new Field("originSessionId", sessionId, false));
        }
        fields.add(new Field("modified", now(), true));
        try {
            String yaml = MetadataEditor.apply(ParsedYaml.parse(frontmatter.yaml()), frontmatter.lineEnding(), fields);
            String stamped = content.substring(0, frontmatter.yamlStart()) + yaml
                    + content.substring(frontmatter.yamlEnd());
            return new Stamp(stamped, Optional.empty());
        } catch (StampProblem e) {
            return new Stamp(content, Optional.of(e.getMessage()));
        }
    }

    /** Returns the clock's time in UTC to the second, e.g. 2026-11-29T10:15:00Z. */
    private String now() {
        return DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS));
    }
}
