-- Tournaments (issue #18): one row per event, and the director's journal: every accepted
-- command in order, replayed at start-up to rebuild the event exactly. `request`: a start or
-- cancel asked for by `chuhe admin tournament`, applied by the running server's director.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    spec TEXT NOT NULL,
    status TEXT NOT NULL,
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    starts_at INTEGER NOT NULL,
    standings TEXT,
    request TEXT
);
CREATE TABLE tournament_log (
    tournament_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
)
