-- surveyor:expand
-- What each account's seat of a finished game came to, written as the game ends (server/ratings) or, for
-- a game that ended before this table or a seat claimed afterwards, the first time a profile reads the
-- account's games: a profile adds these up in the store instead of rebuilding each game from its log.
-- won and solo are as the profile counts them (solo: a solo game played to its end, whose score counts);
-- tournament is the game's tournament ('' for none); withheld_until is when a challenge attempt's result
-- may be shown to others (the challenge's end; 0 for a game that is no attempt). Times are Unix
-- microseconds.
CREATE TABLE seat_results (
    user_id        TEXT NOT NULL,
    game_id        TEXT NOT NULL,
    seat           BIGINT NOT NULL,
    game           TEXT NOT NULL,
    created        BIGINT NOT NULL,
    won            BIGINT NOT NULL,
    solo           BIGINT NOT NULL,
    score          BIGINT NOT NULL,
    title          TEXT NOT NULL,
    tournament     TEXT NOT NULL,
    withheld_until BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id, seat)
);
CREATE INDEX seat_results_user_created ON seat_results (user_id, created);
