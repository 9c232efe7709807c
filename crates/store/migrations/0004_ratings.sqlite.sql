ALTER TABLE users ADD COLUMN titles TEXT;
CREATE TABLE rating_history (
    user_id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    profile TEXT NOT NULL,
    at INTEGER NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
