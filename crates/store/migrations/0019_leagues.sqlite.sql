-- Leagues (issue #19): team seasons in divisions. A league row holds its name and configuration
-- (JSON of platform::league::LeagueConfig); its director journals every accepted command in
-- league_log, replayed at start-up to rebuild the league exactly. league_requests holds the
-- admin's start / next-season requests until the director has applied them.
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    config TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE league_log (
    league_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (league_id, seq)
);
CREATE TABLE league_requests (
    league_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    request TEXT NOT NULL,
    PRIMARY KEY (league_id, seq)
)
