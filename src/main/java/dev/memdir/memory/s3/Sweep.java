package dev.memdir.memory.s3;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Removes what no head will name again from a namespace: commits older than the newest {@link #KEPT_COMMITS}, and
 * contents and bases that the newest head does not name (uploads of commits that lost their race or were cut off,
 * what an earlier delete failed to remove), each only once it is older than an age ({@link #AGE}) on the store's
 * own clock (the newest commit's time, as the store lists it), so that a writer still between its uploads and its
 * commit, or a process validating a head it read a moment ago, never misses an object.
 */
final class Sweep {

    /** Every this many commits, the commit that reaches it sweeps. */
    static final int EVERY = 64;
    static final int KEPT_COMMITS = 64;
    /** How old an object must be on the store's clock before a sweep may remove it. */
    static final Duration AGE = Duration.ofHours(1);
    private static final Pattern COMMIT = Pattern.compile("[0-9]{12}");

    private final S3Client client;
    private final S3Location location;
    private final String space;
    private final Duration age;

    Sweep(S3Client client, S3Location location, String space, Duration age) {
        this.client = client;
        this.location = location;
        this.space = space;
        this.age = age;
    }

    /**
     * Sweeps after commit {@code generation}, whose head names {@code named} (content and base names below the
     * namespace); returns the names it deleted.
     */
    List<String> after(long generation, Set<String> named) {
        List<S3Object> commits = listed("commits/");
        Instant now = commits.stream().map(S3Object::lastModified).max(Instant::compareTo).orElse(Instant.EPOCH);
        Instant before = now.minus(age);
        List<String> gone = new ArrayList<>();
        for (S3Object commit : commits) {
            String name = commit.key().substring(location.key(space + "/commits/").length());
            if (COMMIT.matcher(name).matches() && Long.parseLong(name) <= generation - KEPT_COMMITS
                    && commit.lastModified().isBefore(before)) {
                gone.add("commits/" + name);
            }
        }
        for (String kind : List.of("blobs/", "bases/")) {
            for (S3Object object : listed(kind)) {
                String name = object.key().substring(location.key(space + "/").length());
                if (!named.contains(name) && object.lastModified().isBefore(before)) {
                    gone.add(name);
                }
            }
        }
        if (!gone.isEmpty()) {
            new ObjectCalls(client, location, space).delete(gone);
        }
        return gone;
    }

    private List<S3Object> listed(String kind) {
        String prefix = location.key(space + "/" + kind);
        return client.listObjectsV2Paginator(request -> request.bucket(location.bucket()).prefix(prefix))
                .contents().stream().toList();
    }
}
