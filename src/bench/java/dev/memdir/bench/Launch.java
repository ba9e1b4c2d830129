package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A server command line ready to spawn, with the environment it gets and a name for the table and its log. */
record Launch(String name, List<String> command, Map<String, String> env) {

    McpPipe start(Path log) throws IOException {
        return McpPipe.start(command, env, log);
    }

    /** This launch with {@code more} arguments after its command's. */
    Launch withArgs(List<String> more) {
        List<String> all = new ArrayList<>(command);
        all.addAll(more);
        return new Launch(name, List.copyOf(all), env);
    }

    /** This launch with {@code more} added to its environment. */
    Launch withEnv(Map<String, String> more) {
        Map<String, String> all = new HashMap<>(env);
        all.putAll(more);
        return new Launch(name, command, Map.copyOf(all));
    }
}
