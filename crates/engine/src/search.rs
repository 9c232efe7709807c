//! Iterative deepening with aspiration windows over a principal-variation alpha-beta search.
//!
//! Key decision: the search never prints; it reports [`SearchInfo`] through a callback after each
//! completed iteration and returns a [`SearchResult`]. The node search itself (PVS, null move, LMR,
//! futility, quiescence) lives in `node.rs`. Scores are centipawns from the side to move's view;
//! `MATE - n` means mate in `n` plies. Losing by rule (perpetual check) and having no legal move
//! are scored like being mated, so the search avoids them exactly as it avoids mate.

use crate::control::Control;
use crate::correction::Correction;
use crate::cycle::CycleRulings;
use crate::eval::evaluate_state;
use crate::eval_state::EvalState;
use crate::history::History;
use crate::movepick::Picker;
use crate::nnue::{AccumulatorStack, Network};
use crate::params::Params;
use crate::repetition::RepEntry;
use crate::tt::TranspositionTable;
use std::sync::Arc;
use xiangqi::{Move, Position, Undo};

pub use crate::types::{INFINITE, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY};

/// A score as protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    #[must_use]
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-((MATE + v) / 2))
        } else {
            Score::Cp(v)
        }
    }
}

/// What limits a search (all that are set apply; none set = until stopped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum iteration depth.
    pub depth: Option<i32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Time to aim for and hard limit, in milliseconds.
    pub time: Option<crate::time::Budget>,
    /// Search until stopped (`go infinite`, pondering).
    pub infinite: bool,
}

/// Progress report after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// Score of the best move.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// Permille of the hash table used.
    pub hashfull: usize,
    /// Principal variation.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// Best move; `None` only when the side to move has no legal (unbanned) move.
    pub best: Option<Move>,
    /// Expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: i32,
    /// Last completed depth.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Root moves with their scores, best first (exact only in `exact_root` mode).
    pub root_scores: Vec<(Move, i32)>,
}

/// Search options that are not limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Plies without capture after which the game is drawn (RULES.md §6.6; 0 = none).
    pub move_limit: u32,
    /// Score of a draw for the side to move at the root (positive = avoid draws).
    pub contempt: i32,
    /// Score every root move with an exact window (for levels choosing among moves).
    pub exact_root: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            move_limit: 120,
            contempt: 0,
            exact_root: false,
        }
    }
}

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// Search state kept between searches (hash table, history).
pub struct Searcher {
    pub(crate) tt: Arc<TranspositionTable>,
    /// For a helper thread of a parallel search: its index (from 1). Helpers leave the table's
    /// generation alone and start their iterations at varied depths.
    helper: Option<usize>,
    pub(crate) hist: History,
    /// Learnt corrections of the static evaluation.
    pub(crate) correction: Correction,
    pub(crate) pos: Position,
    pub(crate) stack: Vec<RepEntry>,
    /// Index of the root position in `stack`.
    pub(crate) root_index: usize,
    /// The move that led to each entry of `stack` (`None`: unknown or a null move).
    pub(crate) line: Vec<Option<Move>>,
    game_moves: Vec<Move>,
    /// Rulings on repetition cycles (perpetual chase).
    pub(crate) cycles: CycleRulings,
    pub(crate) moves: Vec<Option<Move>>,
    /// Continuation key ([`crate::history::cont_key`]) of the move made at each ply (0 = none).
    pub(crate) conts: [usize; MAX_PLY + 2],
    /// The move a singular-extension search leaves out at each ply.
    pub(crate) excluded: [Option<Move>; MAX_PLY + 2],
    pub(crate) evals: [i32; MAX_PLY + 2],
    pub(crate) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 2],
    pub(crate) nodes: u64,
    pub(crate) seldepth: usize,
    pub(crate) stopped: bool,
    pub(crate) node_limit: u64,
    pub(crate) hard_ms: u64,
    pub(crate) options: SearchOptions,
    pub(crate) root_color: xiangqi::Color,
    pub(crate) lmr: Vec<[u8; 64]>,
    /// One move picker per ply, reused from node to node.
    pub(crate) pickers: Vec<Picker>,
    /// Evaluations by position: the hash's upper half above the score (`u32`), indexed by the
    /// hash's low bits (8 bytes a slot, so that the cache stays small enough for the L2 cache).
    eval_cache: Vec<u64>,
    /// Material, piece-square sums and piece sets of `pos`, kept in step by `make`/`unmake`.
    pub(crate) state: EvalState,
    /// The evaluation network, if one is set (otherwise the hand-written evaluation).
    net: Option<Arc<Network>>,
    /// The network's accumulators along the search line (used only with a network).
    accs: AccumulatorStack,
}

impl Searcher {
    /// A searcher with a hash table of `hash_mb` MiB.
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::sharing(Arc::new(TranspositionTable::new(hash_mb)))
    }

    /// A searcher that uses the table `tt`, which other searchers may share (Lazy SMP).
    #[must_use]
    pub fn sharing(tt: Arc<TranspositionTable>) -> Searcher {
        let null = Move::new(xiangqi::Square::new(0), xiangqi::Square::new(1));
        let mut lmr = vec![[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.8 + (d as f64).ln() * (m as f64).ln() / 2.2;
                *r = v.clamp(0.0, 40.0) as u8;
            }
        }
        Searcher {
            tt,
            helper: None,
            hist: History::new(),
            correction: Correction::new(),
            pos: Position::startpos(),
            stack: Vec::with_capacity(1024),
            root_index: 0,
            line: Vec::with_capacity(1024),
            game_moves: Vec::new(),
            cycles: CycleRulings::new(),
            moves: vec![None; MAX_PLY + 2],
            conts: [0; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            evals: [0; MAX_PLY + 2],
            pv: vec![[null; MAX_PLY + 1]; MAX_PLY + 2],
            pv_len: [0; MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            node_limit: u64::MAX,
            hard_ms: u64::MAX,
            options: SearchOptions::default(),
            root_color: xiangqi::Color::Red,
            lmr,
            pickers: (0..MAX_PLY + 2).map(|_| Picker::empty()).collect(),
            eval_cache: vec![0; EVAL_CACHE_SIZE],
            state: EvalState::new(&Position::startpos(), &Params::DEFAULT),
            net: None,
            accs: AccumulatorStack::new(0),
        }
    }

    /// Evaluates with `net` from now on (`None`: the hand-written evaluation). Clears the
    /// evaluation cache and the learnt corrections; the hash table, which may be shared and
    /// whose entries also hold evaluations, is the caller's to clear ([`Engine::set_network`]
    /// does).
    ///
    /// [`Engine::set_network`]: crate::Engine::set_network
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        let same = match (&self.net, &net) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        self.accs = AccumulatorStack::new(if net.is_some() { MAX_PLY + 8 } else { 0 });
        self.net = net;
        self.eval_cache.fill(0);
        self.correction.clear();
    }

    /// Whether the static evaluation is a network's.
    #[inline(always)]
    pub(crate) fn uses_network(&self) -> bool {
        self.net.is_some()
    }

    /// The evaluation network in use, if any.
    #[must_use]
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// Replaces the hash table by one of `mb` MiB.
    pub fn resize_hash(&mut self, mb: usize) {
        self.tt = Arc::new(TranspositionTable::new(mb));
    }

    /// Forgets hash and history (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.hist.clear();
        self.correction.clear();
    }

    /// The hash table (for `probe`).
    #[must_use]
    pub fn tt(&self) -> &TranspositionTable {
        &self.tt
    }

    /// The hash table, to share with helper searchers ([`Searcher::sharing`]).
    #[must_use]
    pub fn shared_tt(&self) -> Arc<TranspositionTable> {
        Arc::clone(&self.tt)
    }

    /// Makes this searcher helper number `index` (from 1) of a parallel search: it does not age
    /// the shared table, and odd-numbered helpers start one iteration deeper, so that the threads
    /// spread over more of the tree ("Lazy SMP").
    pub fn set_helper(&mut self, index: usize) {
        self.helper = Some(index);
    }

    /// Searches `pos`, reached through the positions in `history` (oldest first, each with the key,
    /// check flag and plies since capture; the last one must be `pos` itself), excluding the
    /// `banned` root moves unless every legal move is banned.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[RepEntry],
        banned: &[Move],
        limits: &Limits,
        options: SearchOptions,
        control: &Control,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.pos = pos.clone();
        self.state = EvalState::new(pos, &Params::DEFAULT);
        if let Some(net) = &self.net {
            self.accs.reset(net, pos);
        }
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.line.clear();
        if history.len() == self.game_moves.len() + 1 {
            self.line.push(None);
            self.line.extend(self.game_moves.iter().copied().map(Some));
        } else {
            self.line.resize(history.len(), None);
        }
        if self.stack.last().map(|e| e.key) != Some(pos.hash()) {
            self.stack.push(RepEntry {
                key: pos.hash(),
                check: pos.is_check(),
                halfmoves: pos.halfmoves(),
            });
            self.line.push(None);
        }
        self.root_index = self.stack.len() - 1;
        self.options = options;
        self.root_color = pos.turn();
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.hard_ms = limits.time.map_or(u64::MAX, |t| t.maximum_ms);
        if self.helper.is_none() {
            self.tt.new_search();
        }
        self.hist.age();
        self.moves.fill(None);

        let mut legal = self.pos.legal_moves();
        let mut root: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        if root.is_empty() {
            root = legal.iter().copied().collect();
        }
        legal.clear();
        let mut result = SearchResult::default();
        let Some(&first) = root.first() else {
            return result;
        };
        result.best = Some(first);
        let mut root_moves: Vec<(Move, i32)> = root.iter().map(|&m| (m, -INFINITE)).collect();
        if let Some(tm) = self.tt.probe(pos.hash()).and_then(|e| e.best_move()) {
            if let Some(i) = root_moves.iter().position(|&(m, _)| m == tm) {
                root_moves.swap(0, i);
            }
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut prev_score = 0;
        let mut best_changes = 0;
        let first_depth = match self.helper {
            Some(i) if i % 2 == 1 => 2.min(max_depth),
            _ => 1,
        };
        for depth in first_depth..=max_depth {
            self.seldepth = 0;
            let (score, completed) = if self.options.exact_root || depth < 5 {
                self.root_search(&mut root_moves, depth, -INFINITE, INFINITE, control)
            } else {
                self.aspiration(&mut root_moves, depth, prev_score, control)
            };
            // A partially searched iteration still improves the best move if one was proven.
            let new_best = root_moves[0].0;
            if completed || root_moves[0].1 > -INFINITE {
                if result.best != Some(new_best) && depth > 1 {
                    best_changes += 1;
                }
                result.best = Some(new_best);
                result.ponder = self.ponder_move(new_best);
            }
            if !completed {
                break;
            }
            prev_score = score;
            self.tt.store(
                pos.hash(),
                Some(new_best),
                score,
                0,
                depth,
                crate::tt::Bound::Exact,
            );
            result.score = score;
            result.depth = depth;
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(&p) = pv.get(1) {
                result.ponder = Some(p);
            }
            on_info(&SearchInfo {
                depth,
                seldepth: self.seldepth as i32,
                score,
                nodes: self.nodes,
                time_ms: control.elapsed_ms(),
                hashfull: self.tt.hashfull(),
                pv,
            });
            if self.should_stop_iterating(limits, control, depth, score, best_changes) {
                break;
            }
            best_changes = best_changes * 3 / 4;
        }
        result.nodes = self.nodes;
        result.root_scores = root_moves;
        result
    }

    fn should_stop_iterating(
        &self,
        limits: &Limits,
        control: &Control,
        depth: i32,
        score: i32,
        best_changes: i32,
    ) -> bool {
        if limits.infinite || control.is_pondering() {
            return false;
        }
        if score.abs() >= MATE_BOUND && depth >= (MATE - score.abs()) + 4 {
            return true;
        }
        if let Some(t) = limits.time {
            let elapsed = control.elapsed_ms();
            let factor = 0.55 + 0.25 * f64::from(best_changes.min(4));
            if elapsed as f64 >= t.optimum_ms as f64 * factor {
                return true;
            }
        }
        false
    }

    fn aspiration(
        &mut self,
        root_moves: &mut [(Move, i32)],
        depth: i32,
        prev: i32,
        control: &Control,
    ) -> (i32, bool) {
        let mut delta = 25;
        let mut alpha = (prev - delta).max(-INFINITE);
        let mut beta = (prev + delta).min(INFINITE);
        loop {
            let (score, completed) = self.root_search(root_moves, depth, alpha, beta, control);
            if !completed {
                return (score, false);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return (score, true);
            }
            delta += delta / 2 + 10;
            if delta > 800 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// One iteration over the root moves; sorts them (best first). Returns the score and whether
    /// the iteration completed.
    fn root_search(
        &mut self,
        root_moves: &mut [(Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        control: &Control,
    ) -> (i32, bool) {
        let mut best = -INFINITE;
        let exact = self.options.exact_root;
        let in_check = self.pos.is_check();
        for i in 0..root_moves.len() {
            let m = root_moves[i].0;
            let gives_check = self.pos.gives_check(m);
            self.conts[0] = crate::history::cont_key(&self.pos, m);
            let undo = self.make(m);
            self.push(gives_check, Some(m));
            self.moves[0] = Some(m);
            let ext = i32::from(gives_check || in_check);
            let new_depth = depth - 1 + ext.min(1);
            let score = if i == 0 || exact {
                -self.search_node(-beta, -alpha, new_depth, 1, true, control)
            } else {
                let mut s = -self.search_node(-alpha - 1, -alpha, new_depth, 1, true, control);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search_node(-beta, -alpha, new_depth, 1, true, control);
                }
                s
            };
            self.pop();
            self.unmake(m, undo);
            if self.stopped {
                // Keep the order found so far; the first move is the best proven one.
                return (best, false);
            }
            if score > best || exact {
                root_moves[i].1 = score;
            } else {
                root_moves[i].1 = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    if !exact {
                        alpha = score;
                    }
                    self.pv[0][0] = m;
                    let child_len = self.pv_len[1].max(1);
                    for k in 1..child_len {
                        self.pv[0][k] = self.pv[1][k];
                    }
                    self.pv_len[0] = child_len;
                    // Move the new best to the front, keeping the others' order.
                    root_moves[..=i].rotate_right(1);
                }
                if score >= beta {
                    return (score, true);
                }
            }
        }
        if exact {
            root_moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        }
        (best, true)
    }

    fn ponder_move(&mut self, best: Move) -> Option<Move> {
        let undo = self.pos.do_move(best);
        let reply = self
            .tt
            .probe(self.pos.hash())
            .and_then(|e| e.best_move())
            .filter(|&m| self.pos.is_legal(m));
        self.pos.undo_move(best, undo);
        reply
    }

    /// Static evaluation of the current position, through a small cache.
    #[inline]
    pub(crate) fn eval(&mut self) -> i32 {
        let key = self.pos.hash();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if *slot >> 32 == key >> 32 {
            return *slot as u32 as i32;
        }
        let v = match &self.net {
            Some(net) => {
                let acc = self.accs.current(net);
                debug_assert_eq!(
                    acc,
                    &net.refresh(&self.pos),
                    "incremental accumulator out of step: {}",
                    self.pos.fen()
                );
                net.output(acc, self.pos.turn())
            }
            None => evaluate_state(&self.pos, &self.state, &Params::DEFAULT),
        };
        *slot = (key & !0xFFFF_FFFF) | u64::from(v as u32);
        v
    }

    /// Starts fetching what the node after a move with the hash `key` reads first: its hash
    /// table bucket and its evaluation-cache slot.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        self.tt.prefetch(key);
        crate::tt::prefetch(&self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)]);
    }

    /// The material and piece-square part of the evaluation alone (see
    /// [`crate::eval::evaluate_material`]).
    #[inline]
    pub(crate) fn material_eval(&self) -> i32 {
        crate::eval::evaluate_material(&self.pos, &self.state, &Params::DEFAULT)
    }

    /// Plays `m` on the search position and updates the evaluation state.
    #[inline(always)]
    pub(crate) fn make(&mut self, m: Move) -> Undo {
        let undo = self.pos.do_move(m);
        let mover = self.pos.code_at(m.to());
        self.state
            .apply(mover, m.from(), m.to(), undo.captured_code());
        if self.net.is_some() {
            self.accs
                .push_move(mover, m.from(), m.to(), undo.captured_code());
        }
        undo
    }

    /// Takes back `m`, played with [`Searcher::make`].
    #[inline(always)]
    pub(crate) fn unmake(&mut self, m: Move, undo: Undo) {
        let mover = self.pos.code_at(m.to());
        self.state
            .revert(mover, m.from(), m.to(), undo.captured_code());
        if self.net.is_some() {
            self.accs.pop();
        }
        self.pos.undo_move(m, undo);
    }

    /// Pushes the position just reached by `mv` (`None`: a null move) onto the repetition stack.
    #[inline]
    pub(crate) fn push(&mut self, check: bool, mv: Option<Move>) {
        self.stack.push(RepEntry {
            key: self.pos.hash(),
            check,
            halfmoves: self.pos.halfmoves(),
        });
        self.line.push(mv);
    }

    /// Pops the last position off the repetition stack.
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.stack.pop();
        self.line.pop();
    }

    /// The moves of the game before the root, oldest first, for judging perpetual chases that
    /// began before the root: the `history` given to the next [`Searcher::search`] must then be
    /// the positions these moves lead through (one more entry than moves). Without them, or when
    /// the counts differ, only cycles inside the search line are judged for chases.
    pub fn set_game_moves(&mut self, moves: &[Move]) {
        self.game_moves.clear();
        self.game_moves.extend_from_slice(moves);
    }

    /// Polls limits every 1024 nodes.
    #[inline]
    pub(crate) fn check_limits(&mut self, control: &Control) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && (control.is_stopped()
                || (!control.is_pondering() && control.elapsed_ms() >= self.hard_ms))
        {
            self.stopped = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{random_game, Rng};

    #[test]
    fn cached_evaluations_equal_fresh_ones() {
        let mut searcher = Searcher::new(1);
        let mut rng = Rng::new(7);
        let mut positions = Vec::new();
        for _ in 0..40 {
            positions.extend(random_game(&mut rng, 100));
        }
        // Twice over: the second pass reads the cache (the slots of the first pass that no
        // later position overwrote).
        for _ in 0..2 {
            for pos in &positions {
                searcher.pos = pos.clone();
                searcher.state = EvalState::new(pos, &Params::DEFAULT);
                assert_eq!(searcher.eval(), crate::eval::evaluate(pos), "{}", pos.fen());
            }
        }
    }
}
