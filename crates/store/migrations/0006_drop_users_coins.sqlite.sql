-- The balance lives in the ledger (ledger_accounts); this column was never used.
ALTER TABLE users DROP COLUMN coins;
