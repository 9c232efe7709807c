CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    guest BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    coins BIGINT,
    created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    table_id BIGINT NOT NULL,
    room TEXT NOT NULL,
    red BIGINT NOT NULL,
    black BIGINT NOT NULL,
    control TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    ai_level BIGINT,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    plies BIGINT NOT NULL,
    moves BYTEA,
    clocks BYTEA,
    rated BIGINT NOT NULL,
    ratings TEXT,
    started_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX games_red ON games(red, id);
CREATE INDEX games_black ON games(black, id);
CREATE INDEX games_status ON games(status);
CREATE TABLE game_log (
    game_id BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE heartbeat (
    id BIGINT PRIMARY KEY,
    at BIGINT NOT NULL
);
