-- Behaviour records (issue #21 item 4, docs/behaviour.md): each player's conduct in each game
-- (completed, left, aborted, no_show, timeout_away), once per game; sanctions (automatic and
-- moderators' bans, mutes; `lifted_at` set when lifted); players' reports of players, one
-- open report per reporter and target.
CREATE TABLE behaviour_events (
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    conduct TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX behaviour_events_user_at ON behaviour_events (user_id, at);
CREATE TABLE sanctions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    automatic BIGINT NOT NULL,
    reason TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    by_name TEXT,
    lifted_at BIGINT
);
CREATE INDEX sanctions_user ON sanctions (user_id, kind);
CREATE TABLE reports (
    id BIGSERIAL PRIMARY KEY,
    reporter BIGINT NOT NULL,
    target BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at BIGINT
);
CREATE UNIQUE INDEX reports_open ON reports (reporter, target) WHERE closed_at IS NULL
