//! Integration tests: the real server on an ephemeral port with a temporary SQLite database (or
//! PostgreSQL when `CHUHE_TEST_DATABASE_URL` is set), driven by real HTTP and WebSocket clients.

mod accounts;
mod big_stakes;
mod broker;
mod coin_messages;
mod coin_retries;
mod coinkit;
mod coins;
mod common;
mod compact_records;
mod computer_ratings;
mod durability;
mod first_move;
mod games;
mod hostile_http;
mod hostile_ws;
mod ladders;
mod ledger;
mod loadtest;
mod metrics;
mod ownership;
mod protocol_doc;
mod ratings;
mod raw;
mod repetition_rules;
mod restart;
mod retry;
mod rulings;
mod seeks;
mod settle_together;
mod shutdown;
mod tournament_fees;
mod tournament_systems;
mod tournaments;
mod wagers;
