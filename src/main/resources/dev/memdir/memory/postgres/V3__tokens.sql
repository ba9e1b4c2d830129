-- Version 3: the bearer tokens of 'memdir serve --http', made by 'memdir token create'. Never a token: its SHA-256.
CREATE TABLE memdir.tokens (
    id        text PRIMARY KEY,
    sha256    text NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    user_name text NOT NULL,
    namespace text NOT NULL,
    read_only boolean NOT NULL,
    created   timestamptz NOT NULL,
    expires   timestamptz,
    revoked   timestamptz,
    -- The order tokens were made in, which a listing keeps (created times can be equal).
    made      bigint GENERATED ALWAYS AS IDENTITY UNIQUE
);
