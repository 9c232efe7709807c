-- Behaviour records (issue #21 item 4, docs/behaviour.md): each player's conduct in each game
-- (completed, left, aborted, no_show, timeout_away), once per game; sanctions (automatic and
-- moderators' bans, mutes; `lifted_at` set when lifted); players' reports of players, one
-- open report per reporter and target.
CREATE TABLE behaviour_events (
    user_id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    conduct TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX behaviour_events_user_at ON behaviour_events (user_id, at);
CREATE TABLE sanctions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    automatic INTEGER NOT NULL,
    reason TEXT NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    by_name TEXT,
    lifted_at INTEGER
);
CREATE INDEX sanctions_user ON sanctions (user_id, kind);
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter INTEGER NOT NULL,
    target INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    closed_at INTEGER
);
CREATE UNIQUE INDEX reports_open ON reports (reporter, target) WHERE closed_at IS NULL
