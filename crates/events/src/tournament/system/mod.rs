//! The system-specific part of a director: one small collaborator per system behind the
//! [`Rules`] trait — [`swiss`] (FIDE Dutch, round by round), [`robin`] (Berger tables, one round
//! at a time), [`knockout`] (a bracket of matches with tie-break games) and [`arena`]
//! (continuous pairing until the end). The director
//! (`actor.rs`) knows only this trait: which command registers, withdraws or starts, which games
//! are due now and at which tables, which command records a game's result, and how the event
//! looks. [`Core`] holds the one system an event runs.

mod arena;
mod knockout;
mod robin;
mod swiss;

use super::spec::Spec;
use super::view::{
    name_of, rows, status_of, ArenaView, BracketRoundView, PlayerView, RoundView, TournamentView,
};
use platform::clock::TimeControl;
use platform::tournament::arena::{Arena, ArenaCommand, ArenaEvent};
use platform::tournament::knockout::{Knockout, KnockoutCommand, KnockoutEvent};
use platform::tournament::robin::{RobinCommand, RobinEvent, RoundRobin};
use platform::tournament::swiss::{Phase, Swiss, SwissCommand, SwissEvent};
use platform::tournament::{GameResult, Row, TieBreak, TournamentError};
use platform::{Millis, TableId, UserId};
use serde::{Deserialize, Serialize};

/// A command to an event's core, of its system (journaled as it is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// To a Swiss.
    Swiss(SwissCommand),
    /// To a round robin.
    Robin(RobinCommand),
    /// To a knockout.
    Knockout(KnockoutCommand),
    /// To an arena.
    Arena(ArenaCommand),
}

/// What a core reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreEvent {
    /// From a Swiss.
    Swiss(SwissEvent),
    /// From a round robin.
    Robin(RobinEvent),
    /// From a knockout.
    Knockout(KnockoutEvent),
    /// From an arena.
    Arena(ArenaEvent),
}

/// What the director does about an event of the core (the same for every system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A player entered (their fee is escrowed).
    Registered(UserId),
    /// A player withdrew (refunded before the start; their game in progress is resigned).
    Withdrew(UserId),
    /// The event is over (prizes are paid by the standings).
    Finished,
    /// Nothing for the director.
    None,
}

/// A game to be played now: its table, players and clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// Its tournament table.
    pub table: TableId,
    /// Red.
    pub red: UserId,
    /// Black.
    pub black: UserId,
    /// Its time control (`None`: the event's); Red's where each colour has its own.
    pub control: Option<TimeControl>,
    /// Black's own control, where it differs from Red's (a knockout's sudden-death game).
    pub black_control: Option<TimeControl>,
}

/// The system-specific part of a director.
pub trait Rules {
    /// Registration, running or finished.
    fn phase(&self) -> Phase;
    /// The entries, in registration order.
    fn players(&self) -> Vec<PlayerView>;
    /// Applies `cmd` at `now`; a refused command changes nothing.
    ///
    /// # Errors
    /// Why the core refused it (a command of another system is [`TournamentError::NoSuchGame`]).
    fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<CoreEvent>, TournamentError>;
    /// The command entering `user`.
    fn register(&self, user: UserId, rating: u32) -> Command;
    /// The command withdrawing `user`.
    fn withdraw(&self, user: UserId) -> Command;
    /// The command starting the event.
    fn start(&self) -> Command;
    /// What the director's timer applies while the event runs (the Swiss pairs its next round);
    /// `None` (the default): the timer only opens the games due.
    fn next_round(&self) -> Option<Command> {
        None
    }
    /// The command ending the event early when no next round can be made (Swiss; default
    /// none).
    fn finish(&self) -> Option<Command> {
        None
    }
    /// The games to be played now (without a result) of event `event`.
    fn due(&self, event: u64) -> Vec<Due>;
    /// The command recording `result` for the game at `table`, if that game is due.
    fn result_at(&self, event: u64, table: TableId, result: GameResult) -> Option<Command>;
    /// The same, knowing the game's length in plies (the arena scores short draws and
    /// berserk wins by it).
    fn result_with_plies(
        &self,
        event: u64,
        table: TableId,
        result: GameResult,
        _plies: u32,
    ) -> Option<Command> {
        self.result_at(event, table, result)
    }
    /// When the timer must next apply [`Rules::next_round`] by itself (the arena: its start,
    /// a rematch wait, its end); `None` (the default): only after a round's rest.
    fn wake_at(&self, _now: Millis) -> Option<Millis> {
        None
    }
    /// Whether `cmd` is the timer's tick: accepted without an event, it changed nothing and is
    /// not journaled.
    fn is_tick(&self, _cmd: &Command) -> bool {
        false
    }
    /// Whether a no-show is withdrawn before their forfeit is recorded (the arena: so the
    /// forfeit does not pair them again at once).
    fn absent_first(&self) -> bool {
        false
    }
    /// The command recording that `user` berserked at `table` (the arena; default none).
    fn berserk_at(&self, _event: u64, _table: TableId, _user: UserId) -> Option<Command> {
        None
    }
    /// Whether `cmd` pairs a round (an organiser's manual pairing; default: never).
    fn is_pairing(&self, _cmd: &Command) -> bool {
        false
    }
    /// Whether `events` complete a round after which the next waits `round_gap_secs`.
    fn rests_after(&self, events: &[CoreEvent]) -> bool;
    /// The standings now.
    fn standings(&self) -> Vec<Row>;
    /// The standings' tie-break columns.
    fn tiebreaks(&self) -> Vec<TieBreak>;
    /// Every round as served (the games with their tables and results).
    fn rounds(&self, event: u64) -> Vec<RoundView>;
    /// The bracket (knockout only).
    fn bracket(&self, _event: u64) -> Option<Vec<BracketRoundView>> {
        None
    }
    /// The arena's players with their status and score sheets (arena only).
    fn arena(&self) -> Option<ArenaView> {
        None
    }
}

/// The entries of a core that keeps `(user, rating)` in registration order and its
/// withdrawals apart (round robin, knockout).
fn player_views(players: &[(UserId, u32)], withdrawn: &[UserId]) -> Vec<PlayerView> {
    players
        .iter()
        .map(|&(user, rating)| PlayerView {
            user,
            rating,
            withdrawn: withdrawn.contains(&user),
        })
        .collect()
}

/// The system an event runs, with its state.
#[derive(Clone, Debug)]
pub enum Core {
    /// The Swiss system.
    Swiss(Swiss),
    /// A round robin.
    Robin(RoundRobin),
    /// A knockout.
    Knockout(Knockout),
    /// An arena.
    Arena(Arena),
}

impl Core {
    /// A new core for `spec` (checked), starting at `starts_at`.
    ///
    /// # Errors
    /// Why the spec is unusable.
    pub fn new(spec: &Spec, starts_at: Millis) -> Result<Core, String> {
        Ok(match spec.system.as_str() {
            "swiss" => Core::Swiss(Swiss::new(spec.swiss_config()?)),
            "robin" => Core::Robin(RoundRobin::new(spec.robin_config()?)),
            "knockout" => {
                Core::Knockout(Knockout::new(spec.knockout_config()?).map_err(|e| e.to_string())?)
            }
            "arena" => Core::Arena(Arena::new(spec.arena_config(starts_at)?)),
            other => return Err(format!("unknown system {other:?}")),
        })
    }

    /// Its rules.
    #[must_use]
    pub fn rules(&self) -> &dyn Rules {
        match self {
            Core::Swiss(s) => s,
            Core::Robin(r) => r,
            Core::Knockout(k) => k,
            Core::Arena(a) => a,
        }
    }

    /// Its rules, to change it.
    pub fn rules_mut(&mut self) -> &mut dyn Rules {
        match self {
            Core::Swiss(s) => s,
            Core::Robin(r) => r,
            Core::Knockout(k) => k,
            Core::Arena(a) => a,
        }
    }
}

impl CoreEvent {
    /// What the director does about it.
    #[must_use]
    pub fn effect(&self) -> Effect {
        match self {
            CoreEvent::Swiss(SwissEvent::Registered { user, .. })
            | CoreEvent::Robin(RobinEvent::Registered { user })
            | CoreEvent::Knockout(KnockoutEvent::Registered { user }) => Effect::Registered(*user),
            CoreEvent::Swiss(SwissEvent::Withdrew { user })
            | CoreEvent::Robin(RobinEvent::Withdrew { user, .. })
            | CoreEvent::Knockout(KnockoutEvent::Withdrew { user }) => Effect::Withdrew(*user),
            CoreEvent::Swiss(SwissEvent::Finished { .. })
            | CoreEvent::Robin(RobinEvent::Finished { .. })
            | CoreEvent::Knockout(KnockoutEvent::Finished { .. }) => Effect::Finished,
            CoreEvent::Arena(e) => Effect::from(e),
            _ => Effect::None,
        }
    }
}

/// The view of an event.
#[must_use]
pub fn view(
    (id, name, starts_at): (u64, &str, u64),
    spec: &Spec,
    core: &Core,
    cancelled: bool,
) -> TournamentView {
    let rules = core.rules();
    TournamentView {
        id,
        name: name.to_owned(),
        status: status_of(rules.phase(), cancelled).to_owned(),
        starts_at,
        spec: spec.clone(),
        tiebreaks: rules.tiebreaks().into_iter().map(name_of).collect(),
        players: rules.players(),
        rounds: rules.rounds(id),
        standings: rows(&rules.standings()),
        bracket: rules.bracket(id),
        next_at: None,
        arena: rules.arena(),
    }
}

#[cfg(test)]
mod tests;
