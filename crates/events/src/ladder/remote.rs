//! A ladder's commands for its director on another node ([`crate::crossing`]): how they
//! cross, and how the director's node runs them.

use super::msg::{LadderMsg, Refusal};
use crate::crossing::{self, encode, Answer, Crossing, Refused};
use crate::deps::Events;
use platform::ladder::ChallengeId;
use platform::{TableId, UserId};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

/// The kind of director, as a crossing names it.
pub const KIND: &str = "ladder";

/// A command for a ladder's director, as it crosses nodes.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum LadderCommand {
    /// `user` (named `name`, rated `rating`) joins: answered with their place.
    Join {
        /// The player.
        user: UserId,
        /// Their name.
        name: String,
        /// Their rating now.
        rating: u32,
    },
    /// `user` leaves.
    Leave {
        /// The player.
        user: UserId,
    },
    /// `challenger` challenges `defender`: answered with the challenge and its table.
    Challenge {
        /// Who challenges.
        challenger: UserId,
        /// Who is challenged.
        defender: UserId,
        /// The challenger's rating now.
        rating: u32,
    },
}

crate::crossing::refusals_cross!(Refusal);

/// Sends `cmd` to ladder `id`'s director on another node and its answer to `reply`.
async fn send<T: DeserializeOwned>(
    state: &Events,
    id: u32,
    cmd: LadderCommand,
    reply: oneshot::Sender<Result<T, Refusal>>,
) {
    let crossing = Crossing {
        d: KIND.into(),
        id: u64::from(id),
        cmd,
    };
    let answer = crossing::send::<_, T>(state, super::lease_id(id), &crossing).await;
    let _ = reply.send(answer.map_err(Refusal::from));
}

/// Hands `msg` to ladder `id`'s director on another node and its answer to `msg`'s reply
/// (messages that do not cross nodes, views and game ends, are dropped).
pub(super) async fn forward(state: &Events, id: u32, msg: LadderMsg) {
    match msg {
        LadderMsg::Join {
            user,
            name,
            rating,
            reply,
        } => send(state, id, LadderCommand::Join { user, name, rating }, reply).await,
        LadderMsg::Leave { user, reply } => {
            send(state, id, LadderCommand::Leave { user }, reply).await;
        }
        LadderMsg::Challenge {
            challenger,
            defender,
            rating,
            reply,
        } => {
            let cmd = LadderCommand::Challenge {
                challenger,
                defender,
                rating,
            };
            let (tx, rx) = oneshot::channel::<Result<(u64, TableId), Refusal>>();
            send(state, id, cmd, tx).await;
            if let Ok(answer) = rx.await {
                let _ = reply.send(answer.map(|(c, table)| (ChallengeId(c), table)));
            }
        }
        LadderMsg::GameEnded { .. } | LadderMsg::View(_) => {}
    }
}

/// Runs the command in `body` at its ladder's director on this node: the answer's bytes;
/// `None` if that director does not run here.
pub(crate) async fn run_here(state: &Events, body: &[u8]) -> Option<Vec<u8>> {
    fn out<T>(r: Result<T, Refusal>) -> Answer<T> {
        r.map_err(|r| Refused::from(&r))
    }
    let c = match crossing::read::<LadderCommand>(body) {
        Ok(c) => c,
        Err(refusal) => return Some(refusal),
    };
    let Ok(id) = u32::try_from(c.id) else {
        return encode::<()>(Err(Refused::by_rules("no such ladder")));
    };
    match c.cmd {
        LadderCommand::Join { user, name, rating } => {
            let r = super::ask_here(state, id, |reply| LadderMsg::Join {
                user,
                name,
                rating,
                reply,
            })
            .await?;
            encode(out(r))
        }
        LadderCommand::Leave { user } => {
            let r = super::ask_here(state, id, |reply| LadderMsg::Leave { user, reply }).await?;
            encode(out(r))
        }
        LadderCommand::Challenge {
            challenger,
            defender,
            rating,
        } => {
            let r = super::ask_here(state, id, |reply| LadderMsg::Challenge {
                challenger,
                defender,
                rating,
                reply,
            })
            .await?;
            encode(out(r.map(|(c, table)| (c.0, table))))
        }
    }
}
