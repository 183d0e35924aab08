-- surveyor:expand
-- The post-game analyses (server/analysisroom, docs/analysis.md): one row per finished match, claimed
-- 'running' by the instance that computes it (the primary key makes the claim once), then 'done' with the
-- analysis's JSON. progress is 0..1 while running; updated (Unix microseconds) lets a claim whose instance
-- died be taken over once it is stale.
CREATE TABLE match_analyses (
    match_id TEXT PRIMARY KEY,
    status   TEXT NOT NULL,
    progress REAL NOT NULL DEFAULT 0,
    result   TEXT NOT NULL DEFAULT '',
    updated  INTEGER NOT NULL
);
