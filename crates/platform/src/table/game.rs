//! [`Game`]: one game at a table — players, position and moves, clock and its history, pending
//! offers and requests, and how it ended.

use super::clock_history::ClockHistory;
use super::event::GameEnd;
use super::handicap::Handicap;
use super::referee::Referee;
use crate::clock::{Clock, PlayerClock};
use crate::ids::{Millis, UserId};
use xiangqi::rulings::RuleSet;
use xiangqi::{ByColor, Color, Move, Position};

/// A pending undo request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UndoRequest {
    /// The side asking to take back its move.
    pub by: Color,
    /// How many moves would be taken back (1 or 2).
    pub plies: usize,
}

/// One game: in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) number: u32,
    /// The side that moved first.
    pub(crate) first: Color,
    pub(crate) players: ByColor<UserId>,
    /// The position it started from and the handicap that gave it, if any.
    pub(crate) start: Position,
    pub(crate) handicap: Option<Handicap>,
    pub(crate) referee: Referee,
    pub(crate) clock: Clock,
    /// The mover's side of the clock just before each move an undo can still reach (the other
    /// side does not change on a move; [`Game::clock_before`] puts both back together).
    pub(crate) clock_history: ClockHistory,
    pub(crate) started_at: Millis,
    /// When the side to move began its turn.
    pub(crate) turn_since: Millis,
    pub(crate) draw_offer: Option<Color>,
    pub(crate) undo_request: Option<UndoRequest>,
    pub(crate) undos_granted: ByColor<u32>,
    pub(crate) end: Option<GameEnd>,
}

impl Game {
    /// Sets up game `number` between `players` with `clock`, started at `now`.
    pub(crate) fn start(
        number: u32,
        players: ByColor<UserId>,
        (start, handicap): (Position, Option<Handicap>),
        rules: RuleSet,
        mut clock: Clock,
        now: Millis,
    ) -> Game {
        let first = start.turn();
        // A fresh clock always starts; the table builds one per game.
        let _ = clock.start_for(first, now);
        Game {
            number,
            first,
            players,
            referee: Referee::new(start.clone(), rules),
            start,
            handicap,
            clock,
            clock_history: ClockHistory::default(),
            started_at: now,
            turn_since: now,
            draw_offer: None,
            undo_request: None,
            undos_granted: ByColor::default(),
            end: None,
        }
    }

    /// Both sides of the clock (Red's first) and the side on move just before move `ply`, from
    /// the current clock and the movers' sides saved since (`None` if `ply` was not played, or
    /// is further back than an undo can reach).
    pub(crate) fn clock_before(&self, ply: usize) -> Option<([PlayerClock; 2], Color)> {
        let saved = self.clock_history.since(ply)?;
        let mut sides = [
            *self.clock.player(Color::Red),
            *self.clock.player(Color::Black),
        ];
        let mover = |i: usize| {
            if i.is_multiple_of(2) {
                self.first
            } else {
                !self.first
            }
        };
        // A side changes only on its own moves: its earliest saved side after `ply` is the one.
        for (i, side) in saved.rev() {
            sides[mover(i).index()] = *side;
        }
        Some((sides, mover(ply)))
    }

    /// The table's number for this game (1, 2, …).
    #[must_use]
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The user playing `color`.
    #[must_use]
    pub fn player(&self, color: Color) -> UserId {
        *self.players.get(color)
    }

    /// The side `user` plays, if a player.
    #[must_use]
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.player(c) == user)
    }

    /// The position the game started from.
    #[must_use]
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The handicap the game is played with, if any.
    #[must_use]
    pub fn handicap(&self) -> Option<&Handicap> {
        self.handicap.as_ref()
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.referee.position()
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.referee.moves()
    }

    /// Moves (plies) played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.referee.moves().len()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The clock.
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// When the game started.
    #[must_use]
    pub fn started_at(&self) -> Millis {
        self.started_at
    }

    /// The side whose draw offer is pending.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The pending undo request.
    #[must_use]
    pub fn undo_request(&self) -> Option<UndoRequest> {
        self.undo_request
    }

    /// How the game ended; `None` while in progress.
    #[must_use]
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Why the game ended by the repetition rules (perpetual check or chase, or a drawn
    /// repetition): the side, the repeating cycle and what each move checked or chased. `None`
    /// for any other end, or while the game goes on.
    #[must_use]
    pub fn repetition_evidence(&self) -> Option<xiangqi::rulings::RepetitionEvidence> {
        self.end?;
        self.referee.evidence()
    }

    /// The moves of the side to move that would lose by the repetition rules now, or would
    /// repeat a position for the last allowed time (empty once the game is over), so a client
    /// can warn before they are played.
    #[must_use]
    pub fn repetition_warnings(&self) -> Vec<xiangqi::rulings::MoveWarning> {
        if self.end.is_some() {
            return Vec::new();
        }
        self.referee.warnings()
    }

    /// The rules the game is judged by.
    #[must_use]
    pub fn rules(&self) -> &RuleSet {
        self.referee.rules()
    }

    /// Whether the game is in progress.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.end.is_none()
    }

    /// Whether `color` has made a move yet.
    #[must_use]
    pub fn has_moved(&self, color: Color) -> bool {
        self.ply() >= 2 || (self.ply() == 1 && self.first == color)
    }
}
