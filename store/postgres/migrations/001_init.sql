CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    options    TEXT NOT NULL,
    seed       BIGINT NOT NULL, -- the uint64 seed's bits as a signed integer
    config     TEXT NOT NULL,
    status     TEXT NOT NULL,
    summary    TEXT NOT NULL,
    seq        BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX games_status_created ON games (status, created_at);
CREATE INDEX games_created ON games (created_at);

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL,
    kind    TEXT NOT NULL,
    seat    INTEGER NOT NULL,
    data    TEXT NOT NULL,
    at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seq)
);
