ALTER TABLE users ADD COLUMN titles TEXT;
CREATE TABLE rating_history (
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    profile TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
