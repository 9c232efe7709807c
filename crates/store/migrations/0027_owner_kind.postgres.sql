-- What a claimed table is (issue 35: no id range decides behaviour): 'table' (a room or event
-- table, or a director's lease) or 'computer' (a table of a game against the computer, taken
-- over by a live node when its owner dies). Rows claimed before this migration are told apart
-- once, here, by the range computer tables were numbered in.
ALTER TABLE table_owner ADD COLUMN kind TEXT NOT NULL DEFAULT 'table';
UPDATE table_owner SET kind = 'computer' WHERE table_id >= 1000000000 AND table_id < 2000000000;
