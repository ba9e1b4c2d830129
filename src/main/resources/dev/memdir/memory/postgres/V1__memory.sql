-- Version 1: the memories of every namespace, their running totals, and the history of their files.

-- One row per memory. Its totals let a write check the limits without a scan; a change locks this row, so
-- the changes of one namespace run one after another however many processes share the database.
CREATE TABLE memdir.namespaces (
    id            bigserial PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    files         bigint NOT NULL DEFAULT 0,
    bytes         bigint NOT NULL DEFAULT 0,
    history_bytes bigint NOT NULL DEFAULT 0
);

-- Files and directories below the memory root (the root itself has no row). path is the names below the root
-- joined by '/', compared byte by byte (collation "C") so that a whole subtree is one range of the index.
CREATE TABLE memdir.entries (
    namespace bigint NOT NULL REFERENCES memdir.namespaces ON DELETE CASCADE,
    path      text COLLATE "C" NOT NULL,
    parent    text COLLATE "C" NOT NULL,
    name      text COLLATE "C" NOT NULL,
    depth     integer NOT NULL,
    directory boolean NOT NULL,
    content   bytea,
    size      bigint NOT NULL,
    modified  timestamptz NOT NULL,
    PRIMARY KEY (namespace, path),
    CHECK (directory = (content IS NULL))
);

-- Earlier versions of files, kept before each edit, rename, delete and restore; numbered from 1 per path.
CREATE TABLE memdir.history (
    id        bigserial PRIMARY KEY,
    namespace bigint NOT NULL REFERENCES memdir.namespaces ON DELETE CASCADE,
    path      text COLLATE "C" NOT NULL,
    number    integer NOT NULL,
    operation text NOT NULL,
    content   bytea,
    size      bigint NOT NULL,
    sha256    text NOT NULL,
    kept      timestamptz NOT NULL,
    actor     text NOT NULL,
    UNIQUE (namespace, path, number)
);
CREATE INDEX history_oldest ON memdir.history (namespace, id);

-- A listing reads two levels below a directory: per level, one range of paths.
CREATE INDEX entries_by_depth ON memdir.entries (namespace, depth, path);
