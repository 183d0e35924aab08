-- surveyor:expand
-- What the instances of one server share between requests (store/shared.go): short-lived values (a
-- passkey ceremony between its two steps, a socket's presence at a table) and the recent actions that
-- limits count (wrong passwords, confirmation mails, invitations, reports). Times are Unix microseconds.
CREATE TABLE temp_values (
    key     TEXT PRIMARY KEY,
    value   BYTEA NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX temp_values_expires ON temp_values (expires);

CREATE TABLE recent_actions (
    key TEXT NOT NULL,
    at  BIGINT NOT NULL
);
CREATE INDEX recent_actions_key_at ON recent_actions (key, at);
CREATE INDEX recent_actions_at ON recent_actions (at);
