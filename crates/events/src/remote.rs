//! The director's node: a command that crossed from another node ([`crate::crossing`]) goes to
//! the director of its kind here, which answers as it would a local client.

use crate::crossing::{encode, Refused};
use crate::deps::Events;
use crate::{ladder, league, tournament};
use serde::Deserialize;

/// The part of a crossing that says where it goes.
#[derive(Deserialize)]
struct Head {
    d: String,
}

/// Runs the command in `body` at its director on this node: the answer's bytes, or `None`
/// when that director does not run here (the asking node tries again).
pub async fn answer_here(state: &Events, body: &[u8]) -> Option<Vec<u8>> {
    let Ok(head) = serde_json::from_slice::<Head>(body) else {
        return encode::<()>(Err(Refused::by_rules("unreadable request")));
    };
    match head.d.as_str() {
        tournament::remote::KIND => tournament::remote::run_here(state, body).await,
        ladder::remote::KIND => ladder::remote::run_here(state, body).await,
        league::remote::KIND => league::remote::run_here(state, body).await,
        other => encode::<()>(Err(Refused::by_rules(format!(
            "no director of kind {other:?}"
        )))),
    }
}
