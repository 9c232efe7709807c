CREATE TABLE coin_requests (
    user_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    op TEXT NOT NULL,
    request TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE TABLE pool_bets (
    game_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    table_id BIGINT NOT NULL,
    pick TEXT NOT NULL,
    amount BIGINT NOT NULL,
    returned BIGINT,
    status TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
)
