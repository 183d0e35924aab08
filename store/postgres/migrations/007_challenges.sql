-- surveyor:expand
-- The attempts at the daily and weekly challenges (server/challenges): each is an ordinary match, marked
-- here with its challenge and whether it is the account's ranked attempt (one per account and challenge,
-- which the partial unique index keeps). user_id is '' for a guest's practice. Times are Unix
-- microseconds; finished is 0 while the attempt is in play, and score counts once it is set.
CREATE TABLE challenge_attempts (
    match_id  TEXT PRIMARY KEY,
    challenge TEXT NOT NULL,
    user_id   TEXT NOT NULL DEFAULT '',
    ranked    INTEGER NOT NULL DEFAULT 0,
    started   BIGINT NOT NULL,
    finished  BIGINT NOT NULL DEFAULT 0,
    score     INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX challenge_attempts_ranked ON challenge_attempts (challenge, user_id) WHERE ranked = 1;
CREATE INDEX challenge_attempts_user ON challenge_attempts (user_id, challenge);
CREATE INDEX challenge_attempts_board ON challenge_attempts (challenge, ranked, finished);

-- The accounts that asked to be told when the day's challenges are ready, and the last day (UTC,
-- 2026-11-29) they were told of: one instance claims each account's reminder once a day.
CREATE TABLE challenge_reminders (
    user_id  TEXT PRIMARY KEY,
    last_day TEXT NOT NULL DEFAULT ''
);
