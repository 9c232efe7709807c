CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    guest INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    coins INTEGER,
    created_at INTEGER NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    room TEXT NOT NULL,
    red INTEGER NOT NULL,
    black INTEGER NOT NULL,
    control TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    ai_level INTEGER,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    plies INTEGER NOT NULL,
    moves BLOB,
    clocks BLOB,
    rated INTEGER NOT NULL,
    ratings TEXT,
    started_at INTEGER NOT NULL,
    ended_at INTEGER
);
CREATE INDEX games_red ON games(red, id);
CREATE INDEX games_black ON games(black, id);
CREATE INDEX games_status ON games(status);
CREATE TABLE game_log (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL
);
