-- Accounts (store/accounts.go). Times are Unix microseconds, flags 0/1, secrets only as SHA-256 hashes.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    key           TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created       INTEGER NOT NULL,
    disabled      INTEGER NOT NULL DEFAULT 0,
    deleted       INTEGER NOT NULL DEFAULT 0,
    bot           INTEGER NOT NULL DEFAULT 0
);
-- A name's key is unique among live accounts; a deleted account's key is freed.
CREATE UNIQUE INDEX users_key ON users (key) WHERE deleted = 0;

CREATE TABLE sessions (
    hash      BLOB PRIMARY KEY,
    user_id   TEXT NOT NULL REFERENCES users (id),
    created   INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    expires   INTEGER NOT NULL,
    agent     TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE api_tokens (
    id        TEXT PRIMARY KEY,
    hash      BLOB NOT NULL UNIQUE,
    user_id   TEXT NOT NULL REFERENCES users (id),
    name      TEXT NOT NULL,
    scopes    TEXT NOT NULL,
    created   INTEGER NOT NULL,
    last_used INTEGER NOT NULL
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

CREATE TABLE passkeys (
    id         BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    public_key BLOB NOT NULL,
    sign_count INTEGER NOT NULL,
    data       BLOB NOT NULL,
    name       TEXT NOT NULL,
    created    INTEGER NOT NULL
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE seats (
    user_id TEXT NOT NULL REFERENCES users (id),
    game_id TEXT NOT NULL,
    seat    INTEGER NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id, seat)
);
CREATE INDEX seats_user_created ON seats (user_id, created);
CREATE INDEX seats_game ON seats (game_id);

CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id),
    game    TEXT NOT NULL,
    mu      REAL NOT NULL,
    sigma   REAL NOT NULL,
    games   INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (user_id, game)
);

CREATE TABLE rating_changes (
    match_id     TEXT NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id),
    game         TEXT NOT NULL,
    before_mu    REAL NOT NULL,
    before_sigma REAL NOT NULL,
    after_mu     REAL NOT NULL,
    after_sigma  REAL NOT NULL,
    at           INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (user_id, game, at);
