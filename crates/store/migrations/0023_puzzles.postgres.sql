-- Puzzles (issue 38, docs/puzzles.md). A puzzle is the position the solver faces, its line
-- (ICCS moves separated by spaces: solver, reply, ..., solver), the other accepted final
-- moves and its theme keys (spaces); its rating is Glicko-2 like a player's. `status` is `published` (served),
-- `review` (a curated exercise the engine did not confirm, waiting for an admin) or `rejected`.
-- `daily_day` is the day (days since 1970-01-01 UTC) it was the daily puzzle, never reused.
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    fen TEXT NOT NULL,
    last_move TEXT,
    line TEXT NOT NULL,
    alternatives TEXT NOT NULL DEFAULT '',
    themes TEXT NOT NULL DEFAULT '',
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays BIGINT NOT NULL DEFAULT 0,
    wins BIGINT NOT NULL DEFAULT 0,
    source TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'published',
    review_reason TEXT,
    daily_day BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (status, rating);
CREATE UNIQUE INDEX puzzles_by_daily ON puzzles (daily_day);
-- One row per puzzle and theme, with the puzzle's rating copied, so that selection by theme
-- near a rating is one index range.
CREATE TABLE puzzle_themes (
    theme TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (theme, puzzle_id)
);
CREATE INDEX puzzle_themes_by_rating ON puzzle_themes (theme, rating);
-- A user's puzzle rating (separate from the game rating).
CREATE TABLE puzzle_ratings (
    user_id BIGINT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL
);
-- Every puzzle a user played (the first round counts; replays are casual): no repeats, the
-- dashboard by theme, the rating history.
CREATE TABLE puzzle_rounds (
    user_id BIGINT NOT NULL,
    puzzle_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    win BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    puzzle_rating DOUBLE PRECISION NOT NULL,
    user_rating_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_rounds_by_user ON puzzle_rounds (user_id, at);
-- Streak and storm runs: the domain's state as JSON, the score when over.
CREATE TABLE puzzle_runs (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    score BIGINT NOT NULL DEFAULT 0,
    started_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX puzzle_runs_by_user ON puzzle_runs (user_id, kind, score);
-- 残局闯关: a user's best stars per level.
CREATE TABLE campaign_progress (
    user_id BIGINT NOT NULL,
    level TEXT NOT NULL,
    stars BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (user_id, level)
);
