CREATE TABLE wagers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    game_id INTEGER,
    red INTEGER NOT NULL,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    outcome TEXT,
    summary TEXT,
    created_at INTEGER NOT NULL,
    ended_at INTEGER
);
CREATE INDEX wagers_table ON wagers(table_id, id);
CREATE INDEX wagers_status ON wagers(status);
CREATE TABLE bet_pools (
    game_id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    ended_at INTEGER
);
CREATE INDEX bet_pools_status ON bet_pools(status)
