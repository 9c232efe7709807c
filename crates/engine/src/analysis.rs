//! Analysis of a whole game by the engine: an evaluation of every position, the moves that lost
//! most marked as inaccuracy / mistake / blunder with the engine's better line, and each
//! player's accuracy.
//!
//! Key decision: plain data in, plain data out, no I/O. [`analyse_game`] searches each position
//! of the game once, from the first to the last, with one engine (so the hash table carries over
//! from one position to the next) and reports progress through a callback; the command line
//! prints the result and the server's analysis queue can store it. The judgments and the accuracy
//! follow lichess's win-probability formulas (`accuracy.rs`).

mod accuracy;
mod lines;

pub use accuracy::{game_accuracy, move_accuracy, win_percent, Judgment, CP_CEILING, THRESHOLDS};
pub use lines::{top_lines, Line};

use crate::control::Control;
use crate::engine::Engine;
use crate::level::MAX_LEVEL;
use crate::search::{Limits, Score};
use std::fmt;
use xiangqi::{ByColor, Color, IllegalMove, Move, Position};

/// An evaluation from Red's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns (100 = one pawn); positive favours Red.
    Cp(i32),
    /// Moves to mate: positive when Red mates, negative when Black mates (never 0).
    Mate(i32),
    /// This side has no legal move on the board: it has lost (Xiangqi counts stalemate as a
    /// loss).
    Mated(Color),
}

impl Eval {
    /// Converts a search score (side to move's view) to Red's view.
    #[must_use]
    pub fn from_score(score: Score, turn: Color) -> Eval {
        let sign = if turn == Color::Red { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Eval::Cp(cp * sign),
            // A mate "in 0" from the search cannot happen at a searched root; keep it signed.
            Score::Mate(0) => Eval::Mated(turn),
            Score::Mate(n) => Eval::Mate(n * sign),
        }
    }

    /// Pawns from Red's view (mates count as ±[`CP_CEILING`] centipawns), for graphs.
    #[must_use]
    pub fn pawns(self) -> f64 {
        match self {
            Eval::Cp(cp) => f64::from(cp) / 100.0,
            Eval::Mate(n) if n > 0 => f64::from(CP_CEILING) / 100.0,
            Eval::Mated(Color::Black) => f64::from(CP_CEILING) / 100.0,
            Eval::Mate(_) | Eval::Mated(Color::Red) => -f64::from(CP_CEILING) / 100.0,
        }
    }
}

impl fmt::Display for Eval {
    /// `+1.25`, `-0.40`, `0.00`, `#3` (Red mates in 3), `#-2` (Black mates in 2), `#0`/`#-0`
    /// (mated on the board).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(0) => f.write_str("0.00"),
            Eval::Cp(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Eval::Mated(Color::Black) => f.write_str("#0"),
            Eval::Mated(Color::Red) => f.write_str("#-0"),
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The evaluation of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// Red's view.
    pub eval: Eval,
    /// The engine's best move (`None` when there is no legal move).
    pub best: Option<Move>,
    /// The engine's principal variation from this position.
    pub line: Vec<Move>,
    /// Completed search depth (0 when nothing was searched).
    pub depth: i32,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// 1-based ply.
    pub ply: usize,
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub side: Color,
    /// Evaluation before the move, with the engine's best play (Red's view).
    pub before: Eval,
    /// Evaluation after the move (Red's view).
    pub after: Eval,
    /// The engine's best move in the position before (may be the move played).
    pub best: Option<Move>,
    /// The engine's line from the position before, starting with `best`.
    pub best_line: Vec<Move>,
    /// Winning-probability points (0–100) the mover lost against the engine's best move.
    pub loss: f64,
    /// lichess move accuracy, 0–100.
    pub accuracy: f64,
    /// Inaccuracy, mistake or blunder, if the loss is large enough (see [`THRESHOLDS`]).
    pub judgment: Option<Judgment>,
}

/// One player's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// lichess game accuracy (0–100); `None` when the player made no move.
    pub accuracy: Option<f64>,
    /// Mean centipawn loss (mates counted as ±1 000).
    pub average_loss_cp: f64,
    /// Number of inaccuracies.
    pub inaccuracies: usize,
    /// Number of mistakes.
    pub mistakes: usize,
    /// Number of blunders.
    pub blunders: usize,
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// One entry per position: before the first move, then after each move.
    pub positions: Vec<PositionEval>,
    /// One entry per move.
    pub moves: Vec<MoveAnalysis>,
    /// Figures for Red and Black.
    pub players: ByColor<PlayerSummary>,
}

/// How far the analysis has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions searched so far.
    pub done: usize,
    /// Positions to search (moves + 1).
    pub total: usize,
}

/// Analyses a game with a new engine (64 MiB hash, one thread). See [`analyse_game_with`].
///
/// # Errors
/// The first illegal move of `moves`.
pub fn analyse_game(
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<GameAnalysis, IllegalMove> {
    let mut engine = Engine::new(64);
    analyse_game_with(
        &mut engine,
        start,
        moves,
        limits,
        &Control::new(),
        on_progress,
    )
}

/// Analyses a game with `engine`, searching each position within `limits` (a depth, nodes or a
/// fixed time; the opening book is switched off and the level set to full strength). When
/// `control` is stopped the current search ends early and the remaining positions are not
/// searched (their evaluation is a draw at depth 0).
///
/// # Errors
/// The first illegal move of `moves`; nothing is searched then.
pub fn analyse_game_with(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    control: &Control,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<GameAnalysis, IllegalMove> {
    let mut pos = start.clone();
    for &m in moves {
        pos.play_mut(m)?;
    }
    engine.set_level(MAX_LEVEL);
    engine.set_book(false);
    engine.new_game();
    let total = moves.len() + 1;
    let mut positions = Vec::with_capacity(total);
    for i in 0..total {
        positions.push(evaluate(engine, start, &moves[..i], limits, control));
        on_progress(Progress { done: i + 1, total });
    }
    Ok(judge(start, moves, positions))
}

/// Searches the position after `moves`.
fn evaluate(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    control: &Control,
) -> PositionEval {
    let idle = PositionEval {
        eval: Eval::Cp(0),
        best: None,
        line: Vec::new(),
        depth: 0,
    };
    if engine.set_position(start, moves).is_err() || control.is_stopped() {
        return idle;
    }
    let turn = engine.position().turn();
    if engine.position().legal_moves().is_empty() {
        return PositionEval {
            eval: Eval::Mated(turn),
            ..idle
        };
    }
    let mut line = Vec::new();
    let result = engine.go(limits, control, &mut |info| line.clone_from(&info.pv));
    if line.first() != result.best.as_ref() {
        line = result.best.into_iter().collect();
    }
    PositionEval {
        eval: Eval::from_score(Score::from_internal(result.score), turn),
        best: result.best,
        line,
        depth: result.depth,
    }
}

/// Judges every move from the evaluations of the positions around it.
fn judge(start: &Position, moves: &[Move], positions: Vec<PositionEval>) -> GameAnalysis {
    let red_wins: Vec<f64> = positions.iter().map(|p| win_percent(p.eval)).collect();
    let mut side = start.turn();
    let mut out = Vec::with_capacity(moves.len());
    let mut players: ByColor<PlayerSummary> = ByColor::default();
    let mut cp_loss: ByColor<(f64, usize)> = ByColor::default();
    for (i, &mv) in moves.iter().enumerate() {
        let mine = |w: f64| if side == Color::Red { w } else { 100.0 - w };
        let (before, after) = (mine(red_wins[i]), mine(red_wins[i + 1]));
        let loss = (before - after).max(0.0);
        let judgment = Judgment::from_loss(loss);
        let p = &positions[i];
        // The engine's own move cannot be a mistake, whatever the next search says.
        let judgment = judgment.filter(|_| p.best != Some(mv));
        let summary = players.get_mut(side);
        match judgment {
            Some(Judgment::Inaccuracy) => summary.inaccuracies += 1,
            Some(Judgment::Mistake) => summary.mistakes += 1,
            Some(Judgment::Blunder) => summary.blunders += 1,
            None => {}
        }
        let sign = if side == Color::Red { 1.0 } else { -1.0 };
        let cp = |e: Eval| e.pawns() * 100.0 * sign;
        let (total, n) = cp_loss.get_mut(side);
        *total += (cp(p.eval) - cp(positions[i + 1].eval)).max(0.0);
        *n += 1;
        out.push(MoveAnalysis {
            ply: i + 1,
            mv,
            side,
            before: p.eval,
            after: positions[i + 1].eval,
            best: p.best,
            best_line: p.line.clone(),
            loss,
            accuracy: move_accuracy(before, after),
            judgment,
        });
        side = !side;
    }
    let accuracies: Vec<f64> = out.iter().map(|m| m.accuracy).collect();
    for color in [Color::Red, Color::Black] {
        let summary = players.get_mut(color);
        summary.accuracy = game_accuracy(&red_wins, &accuracies, &|i| out[i].side == color);
        let (total, n) = *cp_loss.get(color);
        summary.average_loss_cp = if n == 0 { 0.0 } else { total / n as f64 };
    }
    GameAnalysis {
        positions,
        moves: out,
        players,
    }
}
