package dev.memdir.config;

/**
 * A memory in a PostgreSQL database, as {@code --store} and {@code --namespace} choose it.
 *
 * @param url the database
 * @param namespace which memory inside it
 * @param login who memdir logs in as
 */
public record PostgresMemory(PostgresUrl url, String namespace, PostgresLogin login) implements NamespaceMemory {

    @Override
    public PostgresMemory inNamespace(String namespace) {
        return new PostgresMemory(url, namespace, login);
    }

    /** Names the memory in messages: the namespace and the database (never the password). */
    @Override
    public String toString() {
        return "namespace " + namespace + " of " + url;
    }
}
