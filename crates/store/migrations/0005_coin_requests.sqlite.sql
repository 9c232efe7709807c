CREATE TABLE coin_requests (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    op TEXT NOT NULL,
    request TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE TABLE pool_bets (
    game_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    table_id INTEGER NOT NULL,
    pick TEXT NOT NULL,
    amount INTEGER NOT NULL,
    returned INTEGER,
    status TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
)
