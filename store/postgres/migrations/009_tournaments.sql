-- surveyor:expand
-- The tournaments (server/tournaments). settings is the room's JSON (format, game, options, clock...);
-- the columns beside it are what the room queries by. players counts the entrants: joining raises it only
-- while the tournament is upcoming and below max_players, in one conditional update, so that two joins at
-- once cannot both take the last place. Times are Unix microseconds, 0 for not yet.
CREATE TABLE tournaments (
    id          TEXT PRIMARY KEY,
    creator     TEXT NOT NULL,
    visibility  TEXT NOT NULL,
    invite_key  TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL,
    starts_at   BIGINT NOT NULL,
    started     BIGINT NOT NULL DEFAULT 0,
    finished    BIGINT NOT NULL DEFAULT 0,
    players     INTEGER NOT NULL DEFAULT 0,
    max_players INTEGER NOT NULL,
    settings    TEXT NOT NULL,
    created     BIGINT NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);

-- The players of each tournament; a bot entrant's user_id is made up by the room and bot is its level.
CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    name          TEXT NOT NULL,
    rating        INTEGER NOT NULL DEFAULT 0,
    bot           TEXT NOT NULL DEFAULT '',
    joined        BIGINT NOT NULL,
    checked_in    INTEGER NOT NULL DEFAULT 0,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    paused        INTEGER NOT NULL DEFAULT 0,
    division      INTEGER NOT NULL DEFAULT 0,
    grp           INTEGER NOT NULL DEFAULT 0,
    told          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entrants_user ON tournament_entrants (user_id);

-- A round's row is its claim: the instance that inserts it pairs the round, in the same transaction as
-- the pairings; another instance's insert fails on the key and pairs nothing.
CREATE TABLE tournament_rounds (
    tournament_id TEXT NOT NULL,
    number        INTEGER NOT NULL,
    started       BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- The games (and byes) of each round; seats is JSON, in the match's seat order; match_id is '' until the
-- match exists (and for a bye). An arena's games are round 1, tbl counting up.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL,
    round         INTEGER NOT NULL,
    tbl           INTEGER NOT NULL,
    grp           INTEGER NOT NULL DEFAULT 0,
    match_id      TEXT NOT NULL DEFAULT '',
    seats         TEXT NOT NULL,
    status        TEXT NOT NULL,
    started       BIGINT NOT NULL,
    finished      BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, tbl)
);
CREATE INDEX tournament_pairings_match ON tournament_pairings (match_id);

-- An arena's log (joins, pauses, results, pairings): every instance folds it into the same arena, and
-- appends at the next seq only, so that two instances never both pair from the same state.
CREATE TABLE tournament_arena_log (
    tournament_id TEXT NOT NULL,
    seq           BIGINT NOT NULL,
    kind          TEXT NOT NULL,
    data          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
