-- Issue 40 gives SQLite's journal an append-only layout (see the SQLite file). PostgreSQL keeps
-- its (game_id, seq) key: its writers commit concurrently and its pages are not rewritten
-- whole per commit. Nothing changes here.
SELECT 1;
