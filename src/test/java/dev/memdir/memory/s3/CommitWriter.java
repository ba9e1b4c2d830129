package dev.memdir.memory.s3;

import dev.memdir.memory.torture.TortureWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A writer process of the tests' own, committing to one {@link CommitLog} as a memdir on another machine would:
 * {@code ENDPOINT BUCKET PREFIX NUMBER COUNT} opens its client, prints {@code ready}, waits for a line on stdin,
 * then makes COUNT commits ({@link CommitRaces#commitAll}) and prints {@code lost N}, the races it lost.
 */
public final class CommitWriter {

    private CommitWriter() {}

    public static void main(String[] args) throws IOException {
        S3Location location = new S3Location(args[1], args[2], Optional.of(URI.create(args[0])),
                Optional.of(LocalS3.REGION));
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
            CommitLog log = new CommitLog(client, location, CommitRaces.SPACE);
            log.latest();
            System.out.println("ready");
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            System.out.println("lost " + CommitRaces.commitAll(log, Integer.parseInt(args[3]),
                    Integer.parseInt(args[4])));
        }
    }

    /** Starts a writer process on the test classpath with {@code arguments}; its errors go to {@code log}. */
    static Process launch(Path log, String... arguments) throws IOException {
        List<String> command = TortureWriter.javaCommand(CommitWriter.class);
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }
}
