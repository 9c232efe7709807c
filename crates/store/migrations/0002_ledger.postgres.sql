CREATE TABLE ledger_accounts (
    account TEXT PRIMARY KEY,
    balance BIGINT NOT NULL
);
CREATE TABLE ledger_tx (
    id BIGSERIAL PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    memo TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE ledger_entries (
    tx_id BIGINT NOT NULL REFERENCES ledger_tx(id),
    seq BIGINT NOT NULL,
    account TEXT NOT NULL,
    amount BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    PRIMARY KEY (tx_id, seq)
);
CREATE INDEX ledger_entries_account ON ledger_entries(account, tx_id)
