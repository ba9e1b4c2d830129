package dev.memdir.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One line naming what the numbers were measured on: processors, each java the rows used, and node. */
final class Machine {

    private Machine() {}

    static String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(Runtime.getRuntime().availableProcessors() + " processors");
        parts.add(firstLine("java", "-version"));
        Launches.java25().ifPresent(java -> parts.add(firstLine(java, "-version")));
        parts.add("node " + firstLine("node", "--version"));
        return "machine: " + String.join("; ", parts);
    }

    private static String firstLine(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return output.lines().findFirst().orElse(String.join(" ", command) + ": no output");
        } catch (IOException | InterruptedException e) {
            return String.join(" ", command) + ": " + e.getMessage();
        }
    }
}
