//! The referee: follows the game's moves with the rules and rules on how it ends, through
//! [`xiangqi::rulings::Judge`] (checkmate and stalemate, perpetual check and chase, repetition,
//! the move limit, insufficient material). The table talks only to this wrapper.

use xiangqi::rulings::{Judge, MoveWarning, RepetitionEvidence, RuleSet};
use xiangqi::{IllegalMove, Move, Outcome, Position};

/// The position and moves of one game, with game-end rulings.
#[derive(Clone, Debug)]
pub(crate) struct Referee {
    judge: Judge,
}

impl Referee {
    pub(crate) fn new(start: Position, rules: RuleSet) -> Referee {
        Referee {
            judge: Judge::new(start, rules),
        }
    }

    /// The ruling on the starting position itself, if it already ends the game.
    pub(crate) fn start_ruling(start: &Position, rules: RuleSet) -> Option<Outcome> {
        Judge::new(start.clone(), rules).ruling().map(|r| r.outcome)
    }

    pub(crate) fn position(&self) -> &Position {
        self.judge.position()
    }

    pub(crate) fn moves(&self) -> &[Move] {
        self.judge.played()
    }

    pub(crate) fn is_legal(&self, m: Move) -> bool {
        self.judge.ruling().is_none() && self.position().is_legal(m)
    }

    /// Whether `m` would complete a repetition its player loses (perpetual check or chase).
    pub(crate) fn is_losing_repetition(&self, m: Move) -> bool {
        self.judge.is_forbidden_repetition(m)
    }

    /// The moves of the side to move that would lose by repetition now, or repeat a position
    /// for the last allowed time.
    pub(crate) fn warnings(&self) -> Vec<MoveWarning> {
        self.judge.repetition_warnings()
    }

    /// The rules applied.
    pub(crate) fn rules(&self) -> &RuleSet {
        self.judge.rules()
    }

    /// Plays a legal move; returns the outcome it brings about, if any.
    pub(crate) fn play(&mut self, m: Move) -> Result<Option<Outcome>, IllegalMove> {
        let ruling = self.judge.play(m)?;
        Ok(ruling.map(|r| r.outcome))
    }

    /// Why the game ended by repetition, if it did (the judge's evidence).
    pub(crate) fn evidence(&self) -> Option<RepetitionEvidence> {
        self.judge.evidence()
    }

    /// Takes back the last move.
    pub(crate) fn undo(&mut self) -> Option<Move> {
        self.judge.undo()
    }
}
