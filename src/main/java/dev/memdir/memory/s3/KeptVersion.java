package dev.memdir.memory.s3;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.TableKeys;
import java.time.Instant;
import java.util.Optional;

/**
 * A kept version of a file, as a head or a base stores it: {@link FileVersion} field for field, with its content's
 * object ({@code null} once redacted) and its place among all the memory's versions, oldest first, by which the
 * history's byte limit drops the oldest.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record KeptVersion(int number, String time, String session, long size, String operation, String sha256,
        String blob, String renamedTo, String redactedBy, String redactedAt, long order) {

    static KeptVersion of(FileVersion version, int number, Instant time, Optional<String> blob, long order) {
        return new KeptVersion(number, time.toString(), version.session(), version.size(),
                version.operation().label(), version.sha256().orElse(null), blob.orElse(null),
                version.renamedTo().map(TableKeys::key).orElse(null),
                version.redaction().map(FileVersion.Redaction::actor).orElse(null),
                version.redaction().map(redaction -> redaction.time().toString()).orElse(null), order);
    }

    FileVersion version() {
        return new FileVersion(number, Instant.parse(time), session, size, Optional.ofNullable(sha256),
                FileVersion.Operation.of(operation),
                redactedBy == null ? Optional.empty()
                        : Optional.of(new FileVersion.Redaction(redactedBy, Instant.parse(redactedAt))),
                Optional.ofNullable(renamedTo).map(TableKeys::path));
    }

    /** Returns this version with its content at {@code name}. */
    KeptVersion withBlob(String name) {
        return new KeptVersion(number, time, session, size, operation, sha256, name, renamedTo, redactedBy,
                redactedAt, order);
    }

    /** Returns this version with its content and SHA-256 gone, redacted by {@code actor} at {@code time}. */
    KeptVersion redacted(String actor, Instant at) {
        return new KeptVersion(number, time, session, size, operation, null, null, renamedTo, actor, at.toString(),
                order);
    }
}
