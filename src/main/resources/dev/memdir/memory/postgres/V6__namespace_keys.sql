-- Version 6: the key record of an encrypted namespace (issue 24), its data key wrapped by the key-encryption key.
-- A namespace is encrypted exactly when it has one: its files' and versions' contents, and its versions' SHA-256,
-- are then kept sealed under that data key.
CREATE TABLE memdir.namespace_keys (
    namespace bigint PRIMARY KEY REFERENCES memdir.namespaces ON DELETE CASCADE,
    record    bytea NOT NULL,
    created   timestamptz NOT NULL DEFAULT now()
);
