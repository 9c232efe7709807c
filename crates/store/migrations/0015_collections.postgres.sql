-- Game collections (issue #22): each user's own imported games, stored as their PGN (ICCS, as
-- `xiangqi::record::write_pgn` writes it) with the searched tags in columns, and the user's own
-- labels in collection_tags. Only the owner reads or changes them.
CREATE TABLE collection_games (
    id BIGSERIAL PRIMARY KEY,
    owner_id BIGINT NOT NULL,
    saved_at BIGINT NOT NULL,
    red TEXT NOT NULL,
    black TEXT NOT NULL,
    event TEXT NOT NULL,
    date TEXT NOT NULL,
    result TEXT NOT NULL,
    ecco TEXT NOT NULL,
    opening TEXT NOT NULL,
    plies BIGINT NOT NULL,
    pgn TEXT NOT NULL
);
CREATE INDEX collection_games_owner ON collection_games (owner_id, id);
CREATE TABLE collection_tags (
    game_id BIGINT NOT NULL,
    owner_id BIGINT NOT NULL,
    tag TEXT NOT NULL,
    PRIMARY KEY (game_id, tag)
);
CREATE INDEX collection_tags_owner ON collection_tags (owner_id, tag)
