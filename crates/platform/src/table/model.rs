//! [`Table`]: two seats, spectators, the agreed time control and the current (or last) game.
//!
//! Every change goes through [`Table::apply`] or [`Table::tick`]; this file holds the state, its
//! accessors and the invariants the property tests check.

use super::chat::ChatGate;
use super::config::TableConfig;
use super::game::Game;
use super::handicap_terms::{AgreedHandicap, HandicapProposal};
use crate::clock::TimeControl;
use crate::ids::{Millis, TableId, UserId};
use std::collections::BTreeSet;
use xiangqi::{ByColor, Color};

/// A seated player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// Who sits here.
    pub user: UserId,
    /// Ready to start the next game.
    pub ready: bool,
    /// Since when the player's connection is lost, if it is.
    pub away_since: Option<Millis>,
}

/// A pending time-control proposal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Proposal {
    /// The proposer's seat.
    pub by: Color,
    /// The proposed control.
    pub control: TimeControl,
}

/// A table: the state machine of seats and games. See `docs/platform.md` for the diagram.
#[derive(Clone, Debug)]
pub struct Table {
    pub(crate) id: TableId,
    pub(crate) config: TableConfig,
    pub(crate) seats: ByColor<Option<Seat>>,
    pub(crate) spectators: BTreeSet<UserId>,
    pub(crate) control: TimeControl,
    pub(crate) proposal: Option<Proposal>,
    pub(crate) game: Option<Game>,
    pub(crate) handicap: Option<AgreedHandicap>,
    pub(crate) handicap_proposal: Option<HandicapProposal>,
    pub(crate) games_played: u32,
    pub(crate) chat: ChatGate,
    pub(crate) paused_at: Option<Millis>,
}

impl Table {
    /// An empty table.
    ///
    /// # Errors
    /// [`super::TableError::InvalidTimeControl`] if the configured control is invalid.
    pub fn new(id: TableId, config: TableConfig) -> Result<Table, super::TableError> {
        config
            .time_control
            .validate()
            .map_err(super::TableError::InvalidTimeControl)?;
        if let Some(black) = &config.black_time_control {
            black
                .validate()
                .map_err(super::TableError::InvalidTimeControl)?;
        }
        if super::referee::Referee::start_ruling(&config.start, config.rules).is_some() {
            return Err(super::TableError::FinishedStart);
        }
        Ok(Table {
            id,
            control: config.time_control.clone(),
            config,
            seats: ByColor::default(),
            spectators: BTreeSet::new(),
            proposal: None,
            game: None,
            handicap: None,
            handicap_proposal: None,
            games_played: 0,
            chat: ChatGate::default(),
            paused_at: None,
        })
    }

    /// The table's id.
    #[must_use]
    pub fn id(&self) -> TableId {
        self.id
    }

    /// Its settings.
    #[must_use]
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The seat of `color`.
    #[must_use]
    pub fn seat(&self, color: Color) -> Option<&Seat> {
        self.seats.get(color).as_ref()
    }

    /// The seat `user` sits in.
    #[must_use]
    pub fn seat_of(&self, user: UserId) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.seat(c).is_some_and(|s| s.user == user))
    }

    /// The spectators, in id order.
    pub fn spectators(&self) -> impl Iterator<Item = UserId> + '_ {
        self.spectators.iter().copied()
    }

    /// Whether `user` is seated or watching.
    #[must_use]
    pub fn is_present(&self, user: UserId) -> bool {
        self.seat_of(user).is_some() || self.spectators.contains(&user)
    }

    /// The agreed time control for the next game.
    #[must_use]
    pub fn time_control(&self) -> &TimeControl {
        &self.control
    }

    /// The pending time-control proposal.
    #[must_use]
    pub fn proposal(&self) -> Option<&Proposal> {
        self.proposal.as_ref()
    }

    /// The agreed handicap of the next games, if any.
    #[must_use]
    pub fn handicap(&self) -> Option<&AgreedHandicap> {
        self.handicap.as_ref()
    }

    /// The pending handicap proposal.
    #[must_use]
    pub fn handicap_proposal(&self) -> Option<&HandicapProposal> {
        self.handicap_proposal.as_ref()
    }

    /// The game in progress, or the last one played.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether a game is in progress.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.game.as_ref().is_some_and(Game::is_playing)
    }

    /// Whether the table is paused.
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused_at.is_some()
    }

    /// The first-move rule's deadline now running: the side that has yet to make its first move
    /// (and is on move) and the instant after which the game is aborted. `None` when there is no
    /// such deadline (no game in progress, both sides have moved, paused, or no rule).
    #[must_use]
    pub fn first_move_due(&self) -> Option<(Color, Millis)> {
        let d = self.config.first_move_deadline?;
        let g = self.game.as_ref().filter(|g| g.is_playing())?;
        if self.is_paused() || g.has_moved(g.turn()) {
            return None;
        }
        Some((g.turn(), g.turn_since + d))
    }

    pub(crate) fn game_mut(&mut self) -> Option<&mut Game> {
        self.game.as_mut().filter(|g| g.is_playing())
    }

    /// The first broken invariant, if any (for tests and debug checks): seats held by distinct
    /// users who are not also spectators; a running clock exactly while a game is in progress,
    /// with both its players seated; offers and requests only during a game; the clock's turn
    /// matching the position's.
    #[must_use]
    pub fn invariant_violation(&self) -> Option<&'static str> {
        let (red, black) = (self.seat(Color::Red), self.seat(Color::Black));
        if let (Some(r), Some(b)) = (red, black) {
            if r.user == b.user {
                return Some("both seats held by the same user");
            }
        }
        for c in Color::ALL {
            if let Some(s) = self.seat(c) {
                if self.spectators.contains(&s.user) {
                    return Some("a seated user is also a spectator");
                }
            }
        }
        let both_seated = self.seat(Color::Red).is_some() && self.seat(Color::Black).is_some();
        if !both_seated && (self.handicap.is_some() || self.handicap_proposal.is_some()) {
            return Some("a handicap without two seated players");
        }
        let Some(g) = &self.game else {
            return None;
        };
        if g.clock_history.len() != g.ply() {
            return Some("clock history out of step with the moves");
        }
        if g.is_playing() {
            if !g.clock.is_active() {
                return Some("clock not running during a game");
            }
            if g.clock.turn() != g.turn() {
                return Some("clock turn differs from the position's");
            }
            for c in Color::ALL {
                match self.seat(c) {
                    Some(s) if s.user == g.player(c) => {
                        if s.ready {
                            return Some("a player is marked ready during a game");
                        }
                    }
                    _ => return Some("a player of the game in progress is not seated"),
                }
            }
            if self.proposal.is_some() {
                return Some("a time-control proposal during a game");
            }
            if self.handicap_proposal.is_some() {
                return Some("a handicap proposal during a game");
            }
        } else {
            if g.clock.is_active() {
                return Some("clock running while not playing");
            }
            if g.draw_offer.is_some() || g.undo_request.is_some() {
                return Some("an offer pending after the game");
            }
        }
        None
    }
}
