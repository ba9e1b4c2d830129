-- Version 2: a version's content can be redacted (a secret kept by mistake); its row stays with who and when.
ALTER TABLE memdir.history
    ADD COLUMN redacted_by text,
    ADD COLUMN redacted_at timestamptz,
    ADD CHECK ((redacted_by IS NULL) = (redacted_at IS NULL)),
    ADD CHECK (redacted_by IS NULL OR content IS NULL);
