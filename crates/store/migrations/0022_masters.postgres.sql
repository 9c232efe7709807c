-- The masters database (issue #39): master games, de-duplicated by start, moves and result
-- (dedupe_key), with each name as written, in simplified characters (*_hans) and as a search
-- key (*_key: simplified, lower case, no spaces). moves: xiangqi::record::compact.
-- masters_positions: every position of every game once per game (the first time it occurs),
-- with the move played from it (-1 at the end), the game's result (0 Red won, 1 Black won,
-- 2 draw, 3 unknown) and year, for the position search and the opening explorer.
-- masters_sources: what was loaded, and its credit (CCPD, CC BY 4.0).
CREATE TABLE masters_games (
    id BIGSERIAL PRIMARY KEY,
    dedupe_key BIGINT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    red TEXT NOT NULL,
    black TEXT NOT NULL,
    red_hans TEXT NOT NULL,
    black_hans TEXT NOT NULL,
    red_key TEXT NOT NULL,
    black_key TEXT NOT NULL,
    event TEXT NOT NULL,
    event_hans TEXT NOT NULL,
    event_key TEXT NOT NULL,
    site TEXT NOT NULL,
    date TEXT NOT NULL,
    round TEXT NOT NULL,
    year BIGINT NOT NULL,
    result TEXT NOT NULL,
    ecco TEXT NOT NULL,
    opening TEXT NOT NULL,
    opening_en TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    plies BIGINT NOT NULL,
    moves BYTEA NOT NULL
);
CREATE INDEX masters_games_year ON masters_games (year);
CREATE INDEX masters_games_ecco ON masters_games (ecco);
CREATE TABLE masters_positions (
    pos_key BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    next_move BIGINT NOT NULL,
    result BIGINT NOT NULL,
    year BIGINT NOT NULL,
    PRIMARY KEY (pos_key, game_id)
);
CREATE TABLE masters_sources (
    name TEXT PRIMARY KEY,
    credit TEXT NOT NULL,
    loaded_at BIGINT NOT NULL,
    games BIGINT NOT NULL
)
