//! Keyed coin requests at a table (`bet`, `wager_topup`, `wager_agree`): the same key again
//! gets the first answer from the database (also once the wager or pool is over, and after a
//! restart), the key for another request is `idempotency_conflict`; a new request is stored
//! with its write (`store/requests.rs`).

use super::coin_cmd::Stakes;
use super::coins::Refusal;
use platform::ledger::{IdempotencyKey, Transaction};
use platform::UserId;
use protocol::error_code::ErrorCode;
use serde_json::{json, Value};
use store::{Db, KeyedRequest};

/// The answer stored for an acknowledged request.
const ACK: &str = r#"{"t":"ack"}"#;

/// A request of `user` under `key` to `op`, with what it asks (`request`).
pub(super) fn keyed(user: UserId, key: &str, op: &'static str, request: &Value) -> KeyedRequest {
    KeyedRequest {
        user,
        key: key.to_owned(),
        op,
        request: request.to_string(),
        answer: ACK.to_owned(),
    }
}

/// A readable amount, or `invalid_amount`.
pub(super) fn amount(a: Option<i64>) -> Result<i64, Refusal> {
    a.ok_or_else(|| {
        Refusal::new(
            ErrorCode::InvalidAmount,
            "amounts are whole numbers of coins that fit in 64 bits",
        )
    })
}

/// Both stakes, readable, or `invalid_amount`.
pub(super) fn stakes(s: Stakes) -> Result<(i64, i64), Refusal> {
    Ok((amount(s.red)?, amount(s.black)?))
}

/// Stakes as they are part of a request.
pub(super) fn stakes_json(s: Option<Stakes>) -> Value {
    s.map_or(Value::Null, |s| json!({"red": s.red, "black": s.black}))
}

/// `guest_not_allowed`.
pub(super) fn guest(why: &str) -> Refusal {
    Refusal::new(ErrorCode::GuestNotAllowed, why)
}

/// Whether `req` was answered before (`Ok(true)`: answer it again, do nothing); refused
/// `idempotency_conflict` when its key was used for another request.
pub(super) async fn answered_before(db: &Db, req: &KeyedRequest) -> Result<bool, Refusal> {
    match db.coin_request(req.user, &req.key).await? {
        None => Ok(false),
        Some(s) if s.op == req.op && s.request == req.request => Ok(true),
        Some(_) => Err(Refusal::new(
            ErrorCode::IdempotencyConflict,
            "this key was used for a different operation",
        )),
    }
}

/// `tx` under a key derived from the client's: `<what>:<user>:<key>`, so that a repeated
/// request applies once.
pub(super) fn client_keyed(
    mut tx: Transaction,
    what: &str,
    user: UserId,
    key: &str,
) -> Result<Transaction, Refusal> {
    tx.key = IdempotencyKey::new(format!("{what}:{}:{key}", user.0))
        .map_err(|e| Refusal::new(ErrorCode::BadMessage, e.to_string()))?;
    Ok(tx)
}
