-- Table ownership (issue 20 item 2, docs/scale.md "Ownership"). Every node beats its own row
-- of `nodes`; the single-row `heartbeat` goes, its value becoming node n1's last beat, so an
-- existing site (node n1 by default) restarts exactly as before: restored games are paused at
-- the last beat. Each table is owned by one node through `table_owner`: the epoch rises with
-- every grant, and every journal, result and ledger write of a table checks it in the same
-- transaction (the fence). A released table keeps its row (node_id '') so its epoch never
-- goes back.
CREATE TABLE nodes (
    node_id TEXT PRIMARY KEY,
    run_id TEXT NOT NULL,
    beat_at INTEGER NOT NULL
);
INSERT INTO nodes (node_id, run_id, beat_at) SELECT 'n1', '', at FROM heartbeat WHERE id = 1;
DROP TABLE heartbeat;
CREATE TABLE table_owner (
    table_id INTEGER PRIMARY KEY,
    node_id TEXT NOT NULL,
    epoch INTEGER NOT NULL
);
CREATE INDEX table_owner_node ON table_owner(node_id);
-- Ids of tables for games against the computer come from the database (no in-memory counter),
-- above every such table id already stored (1000000000 ..< 2000000000).
CREATE TABLE id_counters (
    name TEXT PRIMARY KEY,
    next INTEGER NOT NULL
);
INSERT INTO id_counters (name, next)
SELECT 'ai_table', max(1000000000, COALESCE(MAX(table_id) + 1, 0))
FROM games WHERE table_id >= 1000000000 AND table_id < 2000000000;
