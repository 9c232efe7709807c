//! The solution line from a position: every solver move must be the only winning move.
//!
//! Key decision: lichess-puzzler's `cook_mate` / `cook_advantage` on our multi-PV
//! ([`crate::analysis::top_lines`], lines by banning). At each solver node the best two moves
//! are searched; the best must win (a mate, or at least [`MinerConfig::win_cp`]) and lead the
//! second by [`MinerConfig::gap`] in win chance. A mate line must reach the mate with a unique
//! move at each step, except the final mate in one, where every mating move is accepted (stored
//! as alternatives). An advantage line goes on while the solver's move is unique and ends on the
//! last unique solver move. The defender replies with the engine's best move.

use super::win::Pov;
use super::MinerConfig;
use crate::analysis::top_lines;
use crate::control::Control;
use crate::engine::Engine;
use crate::search::Limits;
use xiangqi::{Move, Position};

/// A solution line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Solver move, reply, …, solver move.
    pub line: Vec<Move>,
    /// Other final solver moves that mate too.
    pub alternatives: Vec<Move>,
    /// Whether the line ends in mate.
    pub mate: bool,
    /// The score of the first solver move (solver's view).
    pub score: Pov,
}

/// The verdict on one solver node.
pub(super) enum Node {
    /// This move, the only winner; `mates` holds every mating move when it mates at once.
    Only {
        mv: Move,
        score: Pov,
        mates: Vec<Move>,
    },
    /// The best move wins but is not the only winner.
    NotUnique,
    /// Nothing wins.
    NoWin,
}

/// The moves of `pos` that mate at once.
pub(super) fn mating_moves(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.play(m).is_ok_and(|mut a| !a.has_legal_move()))
        .collect()
}

/// Judges the solver's node `pos` with `count` lines at `nodes` nodes.
pub(super) fn solver_node(
    engine: &mut Engine,
    pos: &Position,
    cfg: &MinerConfig,
    nodes: u64,
    count: usize,
    control: &Control,
) -> Node {
    let side = pos.turn();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let lines = top_lines(engine, pos, cfg.max_depth, count.max(2), &limits, control);
    let Some(best) = lines.first() else {
        return Node::NoWin;
    };
    let Some(&mv) = best.pv.first() else {
        return Node::NoWin;
    };
    let score = Pov::of(best.eval, side);
    // The rules decide a mate in one, whatever the search saw.
    let mates = mating_moves(pos);
    if !mates.is_empty() {
        let first = if mates.contains(&mv) { mv } else { mates[0] };
        return Node::Only {
            mv: first,
            score: Pov::Mate(1),
            mates,
        };
    }
    if !(score.is_mating() || score.cp() >= cfg.win_cp) {
        return Node::NoWin;
    }
    let Some(second) = lines.get(1) else {
        return Node::Only {
            mv,
            score,
            mates: vec![],
        };
    };
    let second = Pov::of(second.eval, side);
    let unique = if score.is_mating() {
        !second.is_mating() && score.win_chance(cfg.k) - second.win_chance(cfg.k) >= cfg.gap
    } else {
        score.win_chance(cfg.k) - second.win_chance(cfg.k) >= cfg.gap
    };
    if unique {
        Node::Only {
            mv,
            score,
            mates: vec![],
        }
    } else {
        Node::NotUnique
    }
}

/// The engine's reply at a defender's node (`None` when it has no move).
pub(super) fn reply(
    engine: &mut Engine,
    pos: &Position,
    cfg: &MinerConfig,
    control: &Control,
) -> Option<Move> {
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    top_lines(engine, pos, cfg.max_depth, 1, &limits, control)
        .first()
        .and_then(|l| l.pv.first().copied())
}

/// The solution from `pos` (solver on move), or `None` when there is no puzzle: the first move
/// is not a unique win, a mate line loses its uniqueness before the mate, an advantage line
/// falls below the winning margin, or the line is a single non-mating move.
pub fn solve(
    engine: &mut Engine,
    pos: &Position,
    cfg: &MinerConfig,
    control: &Control,
) -> Option<Solution> {
    let mut line: Vec<Move> = vec![];
    let mut alternatives = vec![];
    let mut first_score = None;
    let mut mate_line = false;
    let mut p = pos.clone();
    let mut mated = false;
    while line.len() < cfg.max_solver_moves * 2 && !control.is_stopped() {
        match solver_node(engine, &p, cfg, cfg.nodes, 2, control) {
            Node::Only { mv, score, mates } => {
                if first_score.is_none() {
                    first_score = Some(score);
                    mate_line = score.is_mating();
                }
                if mate_line && !score.is_mating() {
                    return None;
                }
                line.push(mv);
                p.play_mut(mv).ok()?;
                if !mates.is_empty() {
                    alternatives = mates.into_iter().filter(|&m| m != mv).collect();
                    mated = true;
                    break;
                }
                let r = reply(engine, &p, cfg, control)?;
                line.push(r);
                p.play_mut(r).ok()?;
            }
            Node::NotUnique => {
                if mate_line || line.is_empty() {
                    return None;
                }
                // Trim the defender's last reply: the line ends on a solver move.
                line.pop();
                break;
            }
            // lichess drops a line whose advantage fades, as well as a position without a win.
            Node::NoWin => return None,
        }
    }
    if line.len().is_multiple_of(2) {
        line.pop();
    }
    let score = first_score?;
    if mate_line && !mated {
        return None;
    }
    if !mated && line.len() < 3 && !(cfg.one_move && line.len() == 1) {
        return None;
    }
    Some(Solution {
        line,
        alternatives,
        mate: mated,
        score,
    })
}

/// Checks `solution` again from `pos` with a fresh engine at `factor` times the nodes and four
/// lines: each solver move must still be the only winner (a final mate is checked by the rules).
pub fn confirm(pos: &Position, solution: &Solution, cfg: &MinerConfig, control: &Control) -> bool {
    let mut engine = Engine::new(cfg.confirm_hash_mb);
    let nodes = cfg.nodes.saturating_mul(u64::from(cfg.confirm_factor));
    let mut p = pos.clone();
    for (i, &m) in solution.line.iter().enumerate() {
        if i.is_multiple_of(2) {
            let last = i + 1 == solution.line.len();
            match solver_node(&mut engine, &p, cfg, nodes, 4, control) {
                Node::Only { mv, mates, .. } => {
                    let ok = mv == m || (last && solution.mate && mates.contains(&m));
                    if !ok {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        if p.play_mut(m).is_err() {
            return false;
        }
    }
    true
}
