-- Rating pools (issue 19): a ladder or tournament may rate its games in a pool of its own, with
-- that pool's profile, instead of the site's rating. A player's rating in a pool is one row,
-- created by their first rated game there; the site rating in `users` is never touched by
-- pool games. History rows of pool games name their pool; the site's have pool ''.
CREATE TABLE pool_ratings (
    user_id BIGINT NOT NULL,
    pool TEXT NOT NULL,
    profile TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, pool)
);
CREATE INDEX pool_ratings_by_pool ON pool_ratings (pool, rating);
ALTER TABLE rating_history ADD COLUMN pool TEXT NOT NULL DEFAULT '';
