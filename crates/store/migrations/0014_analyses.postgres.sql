-- Engine analyses of finished games (issue #22): one row per game, shared by everyone with the
-- game's link. `status` is queued, running, done or failed; a queued row waits its turn by
-- (requested_at, game_id); a running one names the node running it (`node_id`) and how far it
-- got; `result` is the analysis as JSON once done. At start-up a node puts its own running rows
-- (and those of dead nodes) back in the queue: they restart from the first position.
CREATE TABLE analyses (
    game_id BIGINT PRIMARY KEY,
    requested_by BIGINT NOT NULL,
    requested_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    node_id TEXT,
    done_positions BIGINT NOT NULL DEFAULT 0,
    total_positions BIGINT NOT NULL,
    result TEXT,
    finished_at BIGINT
);
CREATE INDEX analyses_queue ON analyses (status, requested_at, game_id);
CREATE INDEX analyses_user ON analyses (requested_by, status)
