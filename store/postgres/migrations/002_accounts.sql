-- Accounts (store/accounts.go). Times are Unix microseconds, flags 0/1, secrets only as SHA-256 hashes.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    key           TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created       BIGINT NOT NULL,
    disabled      INTEGER NOT NULL DEFAULT 0,
    deleted       INTEGER NOT NULL DEFAULT 0,
    bot           INTEGER NOT NULL DEFAULT 0
);
-- A name's key is unique among live accounts; a deleted account's key is freed.
CREATE UNIQUE INDEX users_key ON users (key) WHERE deleted = 0;

CREATE TABLE sessions (
    hash      BYTEA PRIMARY KEY,
    user_id   TEXT NOT NULL REFERENCES users (id),
    created   BIGINT NOT NULL,
    last_seen BIGINT NOT NULL,
    expires   BIGINT NOT NULL,
    agent     TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE api_tokens (
    id        TEXT PRIMARY KEY,
    hash      BYTEA NOT NULL UNIQUE,
    user_id   TEXT NOT NULL REFERENCES users (id),
    name      TEXT NOT NULL,
    scopes    TEXT NOT NULL,
    created   BIGINT NOT NULL,
    last_used BIGINT NOT NULL
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

CREATE TABLE passkeys (
    id         BYTEA PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    public_key BYTEA NOT NULL,
    sign_count BIGINT NOT NULL,
    data       BYTEA NOT NULL,
    name       TEXT NOT NULL,
    created    BIGINT NOT NULL
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE seats (
    user_id TEXT NOT NULL REFERENCES users (id),
    game_id TEXT NOT NULL,
    seat    BIGINT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id, seat)
);
CREATE INDEX seats_user_created ON seats (user_id, created);
CREATE INDEX seats_game ON seats (game_id);

CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id),
    game    TEXT NOT NULL,
    mu      DOUBLE PRECISION NOT NULL,
    sigma   DOUBLE PRECISION NOT NULL,
    games   BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (user_id, game)
);

CREATE TABLE rating_changes (
    match_id     TEXT NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id),
    game         TEXT NOT NULL,
    before_mu    DOUBLE PRECISION NOT NULL,
    before_sigma DOUBLE PRECISION NOT NULL,
    after_mu     DOUBLE PRECISION NOT NULL,
    after_sigma  DOUBLE PRECISION NOT NULL,
    at           BIGINT NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (user_id, game, at);
