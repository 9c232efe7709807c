//! The referee: follows the game's moves with the rules and rules on how it ends.
//!
//! Until `xiangqi::rulings::Judge` is available this ends a game only when the side to move has no
//! legal move (checkmate or stalemate, both lost by that side); the table talks only to this
//! wrapper, so swapping in the full rulings (repetition, perpetual check, move limit) is local.

use xiangqi::{EndReason, GameResult, IllegalMove, Move, Outcome, Position};

/// The position and moves of one game, with game-end rulings.
#[derive(Clone, Debug)]
pub(crate) struct Referee {
    start: Position,
    position: Position,
    moves: Vec<Move>,
}

impl Referee {
    pub(crate) fn new(start: Position) -> Referee {
        Referee {
            position: start.clone(),
            start,
            moves: Vec::new(),
        }
    }

    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub(crate) fn is_legal(&self, m: Move) -> bool {
        self.position.is_legal(m)
    }

    /// Plays a legal move; returns the outcome it brings about, if any.
    pub(crate) fn play(&mut self, m: Move) -> Result<Option<Outcome>, IllegalMove> {
        self.position.play_mut(m)?;
        self.moves.push(m);
        if self.position.has_legal_move() {
            return Ok(None);
        }
        let loser = self.position.turn();
        let reason = if self.position.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        Ok(Some(Outcome {
            result: GameResult::win_for(!loser),
            reason,
        }))
    }

    /// Takes back the last move.
    pub(crate) fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        let mut pos = self.start.clone();
        for &m in &self.moves {
            if pos.play_mut(m).is_err() {
                break;
            }
        }
        self.position = pos;
        Some(last)
    }
}
