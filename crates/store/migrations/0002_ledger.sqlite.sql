CREATE TABLE ledger_accounts (
    account TEXT PRIMARY KEY,
    balance INTEGER NOT NULL
);
CREATE TABLE ledger_tx (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    memo TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE ledger_entries (
    tx_id INTEGER NOT NULL REFERENCES ledger_tx(id),
    seq INTEGER NOT NULL,
    account TEXT NOT NULL,
    amount INTEGER NOT NULL,
    balance_after INTEGER NOT NULL,
    PRIMARY KEY (tx_id, seq)
);
CREATE INDEX ledger_entries_account ON ledger_entries(account, tx_id)
