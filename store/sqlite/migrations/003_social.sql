-- Notifications, follows, blocks, reports and presence (store/social.go). Times are Unix microseconds.
CREATE TABLE notify_prefs (
    user_id     TEXT PRIMARY KEY REFERENCES users (id),
    page        INTEGER NOT NULL,
    push        INTEGER NOT NULL,
    mail        INTEGER NOT NULL,
    digest_hour INTEGER NOT NULL,
    email       TEXT NOT NULL,
    confirmed   INTEGER NOT NULL,
    lang        TEXT NOT NULL
);

-- The durable outbox: a row is claimed by one instance for a lease, delivered, then deleted. (No
-- AUTOINCREMENT: its bookkeeping table would be one more page written by every move that notifies.)
CREATE TABLE outbox (
    id       INTEGER PRIMARY KEY,
    user_id  TEXT NOT NULL,
    channel  TEXT NOT NULL,
    kind     TEXT NOT NULL,
    game_id  TEXT NOT NULL,
    data     TEXT NOT NULL,
    due      INTEGER NOT NULL,
    created  INTEGER NOT NULL,
    owner    TEXT NOT NULL DEFAULT '',
    lease    INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due, id);

CREATE TABLE inbox (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    kind    TEXT NOT NULL,
    game_id TEXT NOT NULL,
    data    TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX inbox_user ON inbox (user_id, id);

CREATE TABLE inbox_read (
    user_id TEXT PRIMARY KEY,
    upto    INTEGER NOT NULL
);

CREATE TABLE mailed (
    user_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

CREATE TABLE push_subs (
    id       TEXT PRIMARY KEY,
    user_id  TEXT NOT NULL REFERENCES users (id),
    endpoint TEXT NOT NULL UNIQUE,
    data     TEXT NOT NULL,
    agent    TEXT NOT NULL,
    created  INTEGER NOT NULL
);
CREATE INDEX push_subs_user ON push_subs (user_id);

CREATE TABLE follows (
    user_id  TEXT NOT NULL REFERENCES users (id),
    other_id TEXT NOT NULL REFERENCES users (id),
    created  INTEGER NOT NULL,
    PRIMARY KEY (user_id, other_id)
);
CREATE INDEX follows_other ON follows (other_id);

CREATE TABLE blocks (
    user_id  TEXT NOT NULL REFERENCES users (id),
    other_id TEXT NOT NULL REFERENCES users (id),
    created  INTEGER NOT NULL,
    PRIMARY KEY (user_id, other_id)
);

CREATE TABLE reports (
    id       TEXT PRIMARY KEY,
    from_id  TEXT NOT NULL,
    about_id TEXT NOT NULL,
    game_id  TEXT NOT NULL,
    text     TEXT NOT NULL,
    created  INTEGER NOT NULL,
    resolved INTEGER NOT NULL
);
CREATE INDEX reports_created ON reports (created);

CREATE TABLE presence (
    user_id TEXT PRIMARY KEY,
    seen    INTEGER NOT NULL
);

CREATE TABLE server_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
