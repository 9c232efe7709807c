CREATE TABLE wagers (
    id BIGSERIAL PRIMARY KEY,
    table_id BIGINT NOT NULL,
    game_id BIGINT,
    red BIGINT NOT NULL,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    outcome TEXT,
    summary TEXT,
    created_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX wagers_table ON wagers(table_id, id);
CREATE INDEX wagers_status ON wagers(status);
CREATE TABLE bet_pools (
    game_id BIGINT PRIMARY KEY,
    table_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX bet_pools_status ON bet_pools(status)
