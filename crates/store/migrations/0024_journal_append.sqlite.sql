-- The journal of games in progress as an append-only log (issue 40). Keyed by (game_id, seq),
-- every move rewrote a leaf of the key's index wherever its game's rows lay: two or more 4 KiB
-- pages in the write-ahead log per move. Keyed by arrival, a commit of many moves appends to
-- one or two pages. Rows of ended games are deleted in small steps in the background
-- (`journal_sweep.rs`) instead of by the game's end; restarts read every game's rows in one scan.
CREATE TABLE game_log_by_arrival (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    action TEXT NOT NULL
);
INSERT INTO game_log_by_arrival (game_id, seq, at, user_id, action)
    SELECT game_id, seq, at, user_id, action FROM game_log ORDER BY game_id, seq;
DROP TABLE game_log;
ALTER TABLE game_log_by_arrival RENAME TO game_log;
