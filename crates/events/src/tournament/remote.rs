//! An event's commands for its director on another node ([`crate::crossing`]): how they
//! cross, and how the director's node runs them.

use super::msg::{DirectorMsg, Refusal, Reply};
use crate::crossing::{self, encode, Crossing, RefusalKind, Refused};
use crate::deps::Events;
use platform::UserId;
use serde::{Deserialize, Serialize};

/// The kind of director, as a crossing names it.
pub const KIND: &str = "tournament";

/// A command for an event's director, as it crosses nodes.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum TournamentCommand {
    /// Register `user`, rated `rating`.
    Join {
        /// The player.
        user: UserId,
        /// Their rating now.
        rating: u32,
    },
    /// Withdraw `user`.
    Withdraw {
        /// The player.
        user: UserId,
    },
    /// Start now.
    Start,
    /// Cancel the event.
    Cancel,
}

impl TournamentCommand {
    /// `msg` as a command that crosses nodes, with its reply; `None` for messages that do not
    /// (an organiser's commands, views, watchers, game ends).
    fn split(msg: DirectorMsg) -> Option<(TournamentCommand, Reply)> {
        Some(match msg {
            DirectorMsg::Join {
                user,
                rating,
                reply,
            } => (TournamentCommand::Join { user, rating }, reply),
            DirectorMsg::Withdraw { user, reply } => (TournamentCommand::Withdraw { user }, reply),
            DirectorMsg::Start(reply) => (TournamentCommand::Start, reply),
            DirectorMsg::Cancel(reply) => (TournamentCommand::Cancel, reply),
            _ => return None,
        })
    }

    /// The director's message for this command, answering to `reply`.
    fn into_msg(self, reply: Reply) -> DirectorMsg {
        match self {
            TournamentCommand::Join { user, rating } => DirectorMsg::Join {
                user,
                rating,
                reply,
            },
            TournamentCommand::Withdraw { user } => DirectorMsg::Withdraw { user, reply },
            TournamentCommand::Start => DirectorMsg::Start(reply),
            TournamentCommand::Cancel => DirectorMsg::Cancel(reply),
        }
    }
}

impl From<&Refusal> for Refused {
    fn from(r: &Refusal) -> Refused {
        match r {
            Refusal::NotEnoughCoins => Refused {
                kind: RefusalKind::NotEnoughCoins,
                why: r.to_string(),
            },
            Refusal::NotStored(why) => Refused::not_stored(why.clone()),
            r => Refused::by_rules(r.to_string()),
        }
    }
}

impl From<Refused> for Refusal {
    fn from(r: Refused) -> Refusal {
        match r.kind {
            RefusalKind::NotEnoughCoins => Refusal::NotEnoughCoins,
            RefusalKind::NotStored => Refusal::NotStored(r.why),
            RefusalKind::Refused => Refusal::Remote(r.why),
        }
    }
}

/// Whether event `event` is not over (its director runs somewhere).
async fn live_event(state: &Events, event: u64) -> bool {
    matches!(
        state.db.tournament(event).await,
        Ok(Some(row)) if row.status == "upcoming" || row.status == "running"
    )
}

/// Hands `msg` to event `event`'s director on another node and its answer to `msg`'s reply;
/// the reply is dropped (no director: the event is over) when the event is not live, or when
/// `msg` does not cross nodes.
pub(super) async fn forward(state: &Events, event: u64, msg: DirectorMsg) {
    let Some((cmd, reply)) = TournamentCommand::split(msg) else {
        return;
    };
    if !live_event(state, event).await {
        return;
    }
    let crossing = Crossing {
        d: KIND.into(),
        id: event,
        cmd,
    };
    let answer = crossing::send::<_, ()>(state, super::lease_id(event), &crossing).await;
    let _ = reply.send(answer.map_err(Refusal::from));
}

/// Runs the command in `body` at its event's director on this node: the answer's bytes;
/// `None` if that director does not run here.
pub(crate) async fn run_here(state: &Events, body: &[u8]) -> Option<Vec<u8>> {
    let c = match crossing::read::<TournamentCommand>(body) {
        Ok(c) => c,
        Err(refusal) => return Some(refusal),
    };
    let done = super::ask_here(state, c.id, |reply| c.cmd.into_msg(reply)).await?;
    encode(done.map_err(|r| Refused::from(&r)))
}
