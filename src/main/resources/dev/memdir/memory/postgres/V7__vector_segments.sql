-- Version 7: recall's vectors of a namespace's contents (issue 25), kept as segments recall writes and reads whole,
-- each under a random id; sealed like contents when the namespace is encrypted. No path, listing or total reaches
-- them: they are not in memdir.entries, and a namespace's files and bytes do not count them.
CREATE TABLE memdir.vector_segments (
    namespace bigint NOT NULL REFERENCES memdir.namespaces ON DELETE CASCADE,
    id        text NOT NULL,
    body      bytea NOT NULL,
    PRIMARY KEY (namespace, id)
);
