-- Version 4: a redacted version keeps no SHA-256 either, since the hash of a short secret can be guessed; the row
-- keeps who redacted it and when. The hashes of versions redacted before are cleared here.
ALTER TABLE memdir.history ALTER COLUMN sha256 DROP NOT NULL;
UPDATE memdir.history SET sha256 = NULL WHERE redacted_by IS NOT NULL;
ALTER TABLE memdir.history ADD CHECK ((sha256 IS NULL) = (redacted_by IS NOT NULL));
