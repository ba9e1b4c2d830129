package dev.memdir.config;

import static dev.memdir.config.Setting.AGENT;
import static dev.memdir.config.Setting.CLAUDE_CODE_MEMORY;
import static dev.memdir.config.Setting.NAMESPACE;
import static dev.memdir.config.Setting.ROOT;
import static dev.memdir.config.Setting.S3_ENDPOINT;
import static dev.memdir.config.Setting.S3_REGION;
import static dev.memdir.config.Setting.SCOPE;
import static dev.memdir.config.Setting.STORE;

import dev.memdir.config.SettingSources.Raw;
import dev.memdir.memory.store.Namespaces;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which memory the settings choose: a directory ({@code --root}, {@code --claude-code-memory}, an agent's with
 * {@code --agent} and {@code --scope}, else the project's) or a namespace of the PostgreSQL database or the S3 bucket
 * {@code --store} names. Settings that choose it twice are refused.
 *
 * @param root the root given, if any
 * @param agent the agent whose memory is chosen, if any
 * @param store the memory in a database or a bucket, if {@code --store} names one
 */
record MemoryChoice(Optional<Raw> root, Optional<AgentMemory> agent, Optional<NamespaceMemory> store) {

    /** An agent's own memory: its directory name and scope. */
    record AgentMemory(String name, AgentScope scope) {}

    /**
     * Returns the choice; {@code env} and {@code home} are where a database login is found, and
     * {@code bucketNamed} says that the command names a bucket of its own, which the S3 options go with.
     */
    static MemoryChoice of(SettingValues values, boolean claudeCodeMemory, Path projectDirectory,
            Map<String, String> env, Path home, boolean bucketNamed) throws ConfigException {
        Optional<Raw> root = values.lookup(ROOT);
        Optional<AgentMemory> agent = agent(values);
        refuseTwoChoices(values, root, claudeCodeMemory, agent);
        return new MemoryChoice(root, agent, store(values, agent, projectDirectory, env, home, bucketNamed));
    }

    /** The agent memory {@code --agent} and {@code --scope} choose; each needs the other. */
    private static Optional<AgentMemory> agent(SettingValues values) throws ConfigException {
        Optional<Raw> agent = values.lookup(AGENT);
        Optional<Raw> scope = values.lookup(SCOPE);
        if (agent.isEmpty() && scope.isEmpty()) {
            return Optional.empty();
        }
        if (agent.isEmpty()) {
            throw new ConfigException(scope.get().origin() + " needs --agent NAME: the scope of whose memory?");
        }
        if (scope.isEmpty()) {
            throw new ConfigException(agent.get().origin() + " needs --scope user|project|local: user memory is"
                    + " shared by every project, project memory lives in the project (and git), local memory in the"
                    + " project but out of git");
        }
        AgentScope parsed = AgentScope.valueOf(values.parse(SCOPE, scope.get(), String.class)
                .toUpperCase(Locale.ROOT));
        String name = AgentScope.directoryName(agent.get().value()).orElseThrow(() ->
                agent.get().invalid("an agent name of letters, digits, '.', '_', '-' and ':'"));
        return Optional.of(new AgentMemory(name, parsed));
    }

    /** Refuses settings that choose the memory twice: a directory and a database, or a root and an agent's. */
    private static void refuseTwoChoices(SettingValues values, Optional<Raw> root, boolean claudeCodeMemory,
            Optional<AgentMemory> agent) throws ConfigException {
        if (root.isEmpty() && !claudeCodeMemory) {
            return;
        }
        String directory = root.isPresent() ? root.get().origin() : CLAUDE_CODE_MEMORY.option();
        Optional<Raw> store = values.lookup(STORE);
        if (store.isPresent()) {
            throw new ConfigException(store.get().origin() + " and " + directory + " both choose where the memory"
                    + " lives; give one of them ("
                    + (root.isPresent() ? "--root names a directory" : "Claude Code's memory is a directory on disk")
                    + ", which goes with the directory store only)");
        }
        if (agent.isPresent()) {
            throw new ConfigException(values.lookup(AGENT).orElseThrow().origin() + " and " + directory
                    + " both choose the memory root; give one of them");
        }
    }

    /**
     * The memory {@code --store} names, if it names one: a namespace of a PostgreSQL database or of an S3 bucket
     * ({@link #namespace}). Without an {@code s3://} store the S3 options are refused, unless {@code bucketNamed}: the
     * command names a bucket of its own ({@code memdir store}).
     */
    private static Optional<NamespaceMemory> store(SettingValues values, Optional<AgentMemory> agent,
            Path projectDirectory, Map<String, String> env, Path home, boolean bucketNamed) throws ConfigException {
        Optional<Raw> store = values.lookup(STORE);
        Optional<Raw> given = values.lookup(NAMESPACE);
        boolean bucket = store.isPresent() && store.get().value().trim().startsWith(S3Url.SCHEME);
        if (!bucket && !bucketNamed) {
            refuseS3Options(values);
        }
        if (store.isEmpty()) {
            if (given.isPresent()) {
                throw new ConfigException(given.get().origin() + " needs --store URL: a namespace names a memory"
                        + " inside a database or a bucket");
            }
            return Optional.empty();
        }
        if (bucket) {
            S3Url url = S3Url.parse(store.get().value(), store.get().origin());
            return Optional.of(S3Memory.of(url, namespace(values, agent, projectDirectory), values));
        }
        PostgresUrl url = PostgresUrl.parse(store.get().value(), store.get().origin());
        return Optional.of(new PostgresMemory(url, namespace(values, agent, projectDirectory),
                PostgresLogin.find(url, env, home)));
    }

    /**
     * The namespace of the memory in a store: the one given, else the agent's ({@code agent/NAME/SCOPE}), else the
     * project's key, the name of its directory memory too.
     */
    private static String namespace(SettingValues values, Optional<AgentMemory> agent, Path projectDirectory)
            throws ConfigException {
        Optional<Raw> given = values.lookup(NAMESPACE);
        if (given.isPresent() && agent.isPresent()) {
            throw new ConfigException(given.get().origin() + " and " + values.lookup(AGENT).orElseThrow().origin()
                    + " both choose the namespace; give one of them");
        }
        String namespace = given.isPresent() ? given.get().value().trim()
                : agent.isPresent() ? "agent/" + agent.get().name() + "/" + agent.get().scope()
                : ProjectKey.required(projectDirectory, "the namespace with --namespace");
        if (!Namespaces.isValid(namespace)) {
            throw new ConfigException((given.isPresent() ? given.get().origin() : "the default namespace")
                    + " must be " + Namespaces.RULE + ", not '" + namespace + "'"
                    + (given.isPresent() ? "" : "; give one with --namespace"));
        }
        return namespace;
    }

    /** Refuses the S3 options, which say where a bucket is, where no bucket is named. */
    private static void refuseS3Options(SettingValues values) throws ConfigException {
        for (Setting option : new Setting[] {S3_ENDPOINT, S3_REGION}) {
            Optional<Raw> given = values.lookup(option);
            if (given.isPresent()) {
                throw new ConfigException(given.get().origin() + " needs --store s3://BUCKET[/PREFIX]: it says where"
                        + " a bucket is");
            }
        }
    }
}
