//! The node search: principal-variation alpha-beta and quiescence.
//!
//! Key decision: classic, well-understood selectivity only — mate-distance pruning, hash cut-offs,
//! reverse futility, null move (not in check, not after a null move, only with a chariot, horse or
//! cannon on the board: Xiangqi endgames with few pieces are zugzwang-prone), internal iterative
//! reduction, singular extension of the hash move, extension of checks that do not lose material
//! (static exchange evaluation, `see.rs`), late-move reductions (quiet moves and losing captures)
//! and late-move/futility pruning of quiet moves; quiescence skips captures that lose material.
//! A repetition is judged by `repetition.rs` (perpetual check, from the check flags) and, when
//! that finds it neutral, by the rules crate's judge through `cycle.rs` (perpetual chase loses,
//! otherwise a draw); a cycle reaching back before the root is judged only at its third
//! occurrence, as the game's referee rules. The move limit is a draw.

use crate::control::Control;
use crate::eval::LAZY_MARGIN;
use crate::history::cont_key;
use crate::movepick::{victim_value, Hints, Picker};
use crate::repetition::{find, verdict, Repetition};
use crate::search::Searcher;
use crate::see::see_ge;
use crate::tt::Bound;
use crate::types::{INFINITE, MATE, MATE_BOUND, MAX_PLY};
use xiangqi::{CheckAnswers, Move, Role};

/// `raw` shifted by the correction `c`, kept clear of mate scores (a mate score stays as it is).
#[inline]
fn shifted(raw: i32, c: i32) -> i32 {
    if raw.abs() >= MATE_BOUND {
        raw
    } else {
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }
}

/// Converts a node-relative mate score for storing in the hash table.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`].
#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Searcher {
    /// Score of a draw at `ply` (contempt counts for the root side).
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.options.contempt
        } else {
            self.options.contempt
        }
    }

    /// Whether the side to move has a chariot, horse or cannon (null move is safe enough).
    #[inline]
    fn has_major(&self) -> bool {
        let us = self.pos.turn();
        let st = &self.state;
        st.count(us, Role::Chariot) + st.count(us, Role::Horse) + st.count(us, Role::Cannon) > 0
    }

    /// Judges rule endings at a non-root node: repetition (perpetual check at once from the
    /// check flags, perpetual chase through [`crate::cycle`]) and move limit.
    #[inline]
    fn rule_score(&mut self, ply: usize) -> Option<i32> {
        // A position that last occurred at or before the root ends the game only at its third
        // occurrence (the opponent may still deviate); inside the search line the second already
        // counts, as in Fairy-Stockfish and Pikafish.
        let found =
            find(&self.stack).filter(|&j| j > self.root_index || find(&self.stack[..=j]).is_some());
        if let Some(j) = found {
            let mut v = verdict(&self.stack, j, self.stack.len() - 1);
            if v == Repetition::Draw {
                v = self.cycles.judge(&self.pos, &self.stack, &self.line, j);
            }
            return Some(match v {
                Repetition::Win => MATE - ply as i32,
                Repetition::Loss => -(MATE - ply as i32),
                Repetition::Draw | Repetition::None => self.draw_score(ply),
            });
        }
        let limit = self.options.move_limit;
        if limit > 0 && self.pos.halfmoves() >= limit {
            return Some(self.draw_score(ply));
        }
        None
    }

    /// Alpha-beta search of the current position with `depth` plies left.
    pub(crate) fn search_node(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        null_ok: bool,
        control: &Control,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, control);
        }
        self.nodes += 1;
        self.check_limits(control);
        if self.stopped {
            return 0;
        }
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;

        if let Some(s) = self.rule_score(ply) {
            return s;
        }
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.stack.last().is_some_and(|e| e.check);
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval() };
        }

        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.best_move());
        // A singular-extension search of this node without the hash move: no hash cut-offs.
        let excluded = self.excluded[ply];
        if let Some(e) = entry.filter(|_| excluded.is_none()) {
            let s = from_tt(e.score(), ply);
            if !pv_node && e.depth() >= depth {
                let cut = match e.bound() {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // The raw evaluation (kept in the hash table), shifted by what earlier searches learnt
        // about such positions (`correction.rs`), then by a hash bound in the right direction.
        let raw_eval = if in_check {
            -INFINITE
        } else if let Some(e) = entry {
            e.eval()
        } else {
            self.eval()
        };
        let corrected = self.corrected(raw_eval);
        let static_eval = match entry {
            Some(e) if !in_check => {
                // A bound in the right direction is a better estimate than the evaluation.
                let s = from_tt(e.score(), ply);
                match e.bound() {
                    Bound::Lower if s > corrected && s.abs() < MATE_BOUND => s,
                    Bound::Upper if s < corrected && s.abs() < MATE_BOUND => s,
                    _ => corrected,
                }
            }
            // In check: `corrected` is the raw -INFINITE.
            _ => corrected,
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];

        if !pv_node && !in_check {
            // Reverse futility: far above beta with little depth left.
            if depth <= 7
                && static_eval - (85 - 20 * i32::from(improving)) * depth >= beta
                && static_eval.abs() < MATE_BOUND
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Null move.
            if null_ok
                && excluded.is_none()
                && depth >= 3
                && static_eval >= beta
                && beta.abs() < MATE_BOUND
                && self.has_major()
            {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
                let undo = self.pos.do_null_move();
                self.push(false, None);
                self.moves[ply] = None;
                self.conts[ply] = 0;
                let s = -self.search_node(-beta, -beta + 1, depth - 1 - r, ply + 1, false, control);
                self.pop();
                self.pos.undo_null_move(undo);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    let s = if s >= MATE_BOUND { beta } else { s };
                    if depth < 10 {
                        return s;
                    }
                    // Verification at high depth (zugzwang guard).
                    let v = self.search_node(beta - 1, beta, depth - 1 - r, ply, false, control);
                    if v >= beta {
                        return s;
                    }
                }
            }
            // Razoring.
            if depth <= 2 && static_eval + 250 * depth < alpha {
                let q = self.qsearch(alpha, alpha + 1, ply, control);
                if q <= alpha {
                    return q;
                }
            }
        }

        // Internal iterative reduction: without a hash move the ordering is poor.
        if tt_move.is_none() && depth >= 5 {
            depth -= 1;
        }

        // The hash move is tried before any generation: a cut-off then costs no move list.
        let tt_move = tt_move.filter(|&m| self.pos.is_legal_known_check(m, in_check));

        // Singular extension: when the hash move is much better than every other move (the
        // others fail low against a margin below its score), it is searched one ply deeper; when
        // even the others beat beta, the node is cut (multi-cut).
        let mut singular = false;
        if let (Some(t), Some(e)) = (tt_move, entry) {
            let tt_score = from_tt(e.score(), ply);
            if depth >= 8
                && ply > 0
                && excluded.is_none()
                && e.bound() == Bound::Lower
                && e.depth() >= depth - 3
                && tt_score.abs() < MATE_BOUND
            {
                let singular_beta = tt_score - 2 * depth;
                self.excluded[ply] = Some(t);
                let s = self.search_node(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    false,
                    control,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    singular = true;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }
        let tt_move = tt_move.filter(|&m| Some(m) != excluded);
        let mut pending_tt = tt_move;
        let mut generated = false;
        let mut skip_quiets = false;
        let prev = if ply > 0 { self.moves[ply - 1] } else { None };
        let ctx = [
            if ply >= 1 { self.conts[ply - 1] } else { 0 },
            if ply >= 2 { self.conts[ply - 2] } else { 0 },
        ];

        let us = self.pos.turn();
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut move_count = 0;
        let mut quiets: [Move; 64] =
            [Move::new(xiangqi::Square::new(0), xiangqi::Square::new(1)); 64];
        let mut quiet_count = 0;
        let original_alpha = alpha;
        let lmp_limit = (4 + 2 * depth * depth) >> i32::from(!improving);
        // In check, most moves cannot answer it: they are refused before the full test.
        let answers = in_check.then(|| self.pos.check_answers());

        loop {
            let (m, order) = if let Some(t) = pending_tt.take() {
                (t, crate::movepick::TT_ORDER)
            } else {
                if !generated {
                    generated = true;
                    // Pseudo-legal moves; king safety is tested only for the moves played.
                    let hints = Hints {
                        tt_move,
                        killers: self.hist.killers(ply),
                        counter: self.hist.counter(prev),
                        cont: ctx,
                    };
                    self.pickers[ply].start_staged(&self.pos, &self.state, &hints);
                }
                let picked = if skip_quiets {
                    self.pickers[ply].next_unordered()
                } else {
                    self.pickers[ply].next_staged(&self.pos, &self.hist)
                };
                match picked {
                    Some((m, _)) if Some(m) == tt_move || Some(m) == excluded => continue,
                    Some(x) if !self.pseudo_is_legal(x.0, answers.as_ref()) => continue,
                    Some(x) => x,
                    None => break,
                }
            };
            let capture = self.pos.is_capture(m);
            let victim = if capture {
                victim_value(&self.pos, m)
            } else {
                0
            };
            let gives_check = self.pos.gives_check(m);
            move_count += 1;
            let quiet = !capture && !gives_check;

            // Pruning of late quiet moves once a non-losing score is known.
            // (Not against a mate-score alpha: a quiet stalemating move wins in Xiangqi.)
            if !pv_node && !in_check && best > -MATE_BOUND && alpha.abs() < MATE_BOUND && quiet {
                // Both conditions only grow truer as the node goes on, so every later quiet
                // move is pruned too: the rest of the list is no longer worth ordering.
                if (depth <= 4 && quiet_count as i32 >= lmp_limit)
                    || (depth <= 3 && static_eval + 120 + 110 * depth <= alpha)
                {
                    skip_quiets = true;
                    continue;
                }
            }
            // Bad captures at low depth.
            if !pv_node
                && !in_check
                && capture
                && !gives_check
                && depth <= 2
                && best > -MATE_BOUND
                && Picker::is_bad_capture_score(order)
                && static_eval + victim + 150 * depth <= alpha
            {
                continue;
            }
            // The child's hash entry is fetched while this node finishes preparing the move.
            self.prefetch(self.pos.hash_after(m));
            let safe_check = gives_check && see_ge(&self.pos, &self.state, m, 0);
            let key = cont_key(&self.pos, m);
            let undo = self.make(m);

            self.push(gives_check, Some(m));
            self.moves[ply] = Some(m);
            self.conts[ply] = key;
            // Checks that do not lose material in the exchange, and a singular hash move.
            let ext = i32::from(
                (safe_check || (singular && order == crate::movepick::TT_ORDER))
                    && ply < 2 * MAX_PLY / 3,
            );
            let new_depth = depth - 1 + ext;

            let mut score;
            if move_count == 1 {
                score = -self.search_node(-beta, -alpha, new_depth, ply + 1, true, control);
            } else {
                let mut r = 0;
                let bad_capture = capture && !gives_check && Picker::is_bad_capture_score(order);
                if depth >= 3 && move_count > 2 && bad_capture && !in_check {
                    // Captures that lose material in the exchange: a little less than quiets.
                    r = i32::from(self.lmr[depth.min(63) as usize][move_count.min(63)]) - 1;
                    r = r.clamp(0, new_depth - 1);
                } else if depth >= 3 && move_count > 2 && quiet && !in_check {
                    r = i32::from(self.lmr[depth.min(63) as usize][move_count.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if order >= crate::movepick::COUNTER_SCORE {
                        r -= 1;
                    }
                    // The move has been made: its history is read with the key taken before.
                    let h = self.hist.quiet_score(us, m, key, ctx);
                    r -= h / 12000;
                    r = r.clamp(0, new_depth - 1);
                }
                score =
                    -self.search_node(-alpha - 1, -alpha, new_depth - r, ply + 1, true, control);
                if score > alpha && r > 0 {
                    score =
                        -self.search_node(-alpha - 1, -alpha, new_depth, ply + 1, true, control);
                }
                if score > alpha && score < beta {
                    score = -self.search_node(-beta, -alpha, new_depth, ply + 1, true, control);
                }
            }
            self.pop();
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if !capture && quiet_count < quiets.len() {
                quiets[quiet_count] = m;
                quiet_count += 1;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        if !capture {
                            self.hist.update_cutoff(
                                &self.pos,
                                ply,
                                depth,
                                m,
                                prev,
                                ctx,
                                &quiets[..quiet_count],
                            );
                        }
                        break;
                    }
                    alpha = score;
                }
            }
        }

        if move_count == 0 {
            // Checkmate or stalemate: the side to move loses (without the excluded move, this
            // only means the others fail low).
            return if excluded.is_some() {
                alpha
            } else {
                -(MATE - ply as i32)
            };
        }
        if excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !in_check
            && best_move.is_none_or(|m| !self.pos.is_capture(m))
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= corrected)
            && !(bound == Bound::Upper && best >= corrected)
        {
            self.correction
                .update(&self.state, us, depth, raw_eval, best);
        }
        let store_eval = if in_check { 0 } else { raw_eval };
        self.tt
            .store(key, best_move, to_tt(best, ply), store_eval, depth, bound);
        best
    }

    /// Whether the pseudo-legal move `m` leaves the mover's king safe; `answers` are the
    /// position's answers to check when the mover is in check (`None`: not in check).
    #[inline(always)]
    fn pseudo_is_legal(&mut self, m: Move, answers: Option<&CheckAnswers>) -> bool {
        match answers {
            Some(a) => self.pos.pseudo_is_legal_in_check(m, a),
            None => self.pos.pseudo_is_legal(m, false),
        }
    }

    /// `raw` shifted by the correction history, kept clear of mate scores.
    #[inline]
    fn corrected(&self, raw: i32) -> i32 {
        if raw.abs() >= MATE_BOUND {
            return raw;
        }
        shifted(raw, self.correction.get(&self.state, self.pos.turn()))
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for k in ply + 1..child_len {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = child_len;
    }

    /// Quiescence search: captures (all evasions when in check) until the position is quiet.
    pub(crate) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        control: &Control,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits(control);
        if self.stopped {
            return 0;
        }
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.stack.last().is_some_and(|e| e.check);
        if in_check {
            if let Some(s) = self.rule_score(ply) {
                return s;
            }
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval() };
        }
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            let s = from_tt(e.score(), ply);
            let cut = match e.bound() {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
                Bound::None => false,
            };
            if cut && beta - alpha == 1 {
                return s;
            }
        }
        let mut best;
        let stand;
        let mut raw_stand = 0;
        if in_check {
            best = -INFINITE;
            stand = -INFINITE;
        } else {
            let correction = self.correction.get(&self.state, self.pos.turn());
            raw_stand = match entry {
                Some(e) => e.eval(),
                None => {
                    // Far enough above beta, material alone decides the stand-pat (hand-written
                    // evaluation only: a network's scale is its own).
                    if !self.uses_network() {
                        let lazy = shifted(self.material_eval(), correction);
                        if lazy - LAZY_MARGIN >= beta {
                            return lazy;
                        }
                    }
                    self.eval()
                }
            };
            stand = shifted(raw_stand, correction);
            if stand >= beta {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        // Pseudo-legal moves; king safety is tested only for the moves played.
        let picker = &mut self.pickers[ply];
        if in_check {
            self.pos.pseudo_moves_into(&mut picker.moves);
        } else {
            self.pos.pseudo_captures_into(&mut picker.moves);
        }
        let tt_move = entry
            .and_then(|e| e.best_move())
            .filter(|m| picker.moves.contains(*m));
        picker.score_captures(&self.pos, tt_move);
        let original_alpha = alpha;
        let mut best_move = None;
        let mut legal = 0;
        let answers = in_check.then(|| self.pos.check_answers());
        while let Some((m, _)) = self.pickers[ply].next() {
            if !in_check {
                // Delta pruning, then captures that lose material in the exchange.
                let victim = victim_value(&self.pos, m);
                if stand + victim + 200 <= alpha || !see_ge(&self.pos, &self.state, m, 0) {
                    continue;
                }
            }
            self.prefetch(self.pos.hash_after(m));
            if !self.pseudo_is_legal(m, answers.as_ref()) {
                continue;
            }
            legal += 1;
            let gives_check = self.pos.gives_check(m);
            let undo = self.make(m);
            self.push(gives_check, Some(m));
            let score = -self.qsearch(-beta, -alpha, ply + 1, control);
            self.pop();
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && legal == 0 {
            return -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let store_eval = if in_check { 0 } else { raw_stand };
        self.tt
            .store(key, best_move, to_tt(best, ply), store_eval, 0, bound);
        best
    }
}
