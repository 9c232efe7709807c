-- Ladders (issue #19): each ladder's director journals every accepted command in order; the
-- journal is replayed at start-up to rebuild the ladder exactly. Ladders themselves come from
-- the configuration (`[[ladders]]`), so there is no ladder table.
CREATE TABLE ladder_log (
    ladder_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (ladder_id, seq)
)
