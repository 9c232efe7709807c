//! A league's commands for its director on another node ([`crate::crossing`]): they cross as
//! journaled ([`LeagueCommand`]), answered with their events.

use super::msg::Refusal;
use crate::crossing::{self, encode, Crossing, Refused};
use crate::deps::Events;
use platform::league::{LeagueCommand, LeagueEvent};

/// The kind of director, as a crossing names it.
pub const KIND: &str = "league";

crate::crossing::refusals_cross!(Refusal);

/// Applies `cmd` at league `id`'s director on another node: its events, or why not (the same
/// refusals as at that node; [`Refusal::NotStored`] while it stays unreachable).
pub(super) async fn send(
    state: &Events,
    id: u32,
    cmd: LeagueCommand,
) -> Result<Vec<LeagueEvent>, Refusal> {
    let crossing = Crossing {
        d: KIND.into(),
        id: u64::from(id),
        cmd,
    };
    crossing::send(state, super::lease_id(id), &crossing)
        .await
        .map_err(Refusal::from)
}

/// Runs the command in `body` at its league's director on this node: the answer's bytes;
/// `None` if that director does not run here.
pub(crate) async fn run_here(state: &Events, body: &[u8]) -> Option<Vec<u8>> {
    let c = match crossing::read::<LeagueCommand>(body) {
        Ok(c) => c,
        Err(refusal) => return Some(refusal),
    };
    let Ok(id) = u32::try_from(c.id) else {
        return encode::<()>(Err(Refused::by_rules("no such league")));
    };
    let r = super::command_here(state, id, c.cmd).await?;
    encode(r.map_err(|r| Refused::from(&r)))
}
