-- Version 5: a version kept before a rename names where the file went (its path below the root), so that the new
-- path can point back to the history kept under the old one. Versions kept before have none.
ALTER TABLE memdir.history
    ADD COLUMN renamed_to text,
    ADD CHECK (renamed_to IS NULL OR operation = 'rename');
CREATE INDEX history_renamed_to ON memdir.history (namespace, renamed_to) WHERE renamed_to IS NOT NULL;
