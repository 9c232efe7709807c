//! Static evaluation.
//!
//! Key decision: a hand-written, tapered (middlegame/endgame) evaluation: material and
//! piece-square tables, mobility of chariots, horses and cannons, king safety (hollow cannon, pins
//! on the king file, missing defenders against the attackers that exploit them, attackers near the
//! palace), crossed-pawn chains and defender pairs. Material, piece-square sums and the piece sets
//! come from an [`EvalState`] that the search keeps up to date move by move; everything else is
//! computed with 90-bit masks and population counts (`bitboard.rs`). Scalar weights come from
//! [`Params`], so the Texel tuner can change them.
//!
//! Scores are centipawns from the side to move's point of view.

use crate::bitboard::horse_targets_from_lines;
use crate::eval_state::EvalState;
use crate::params::Params;
use xiangqi::lines::{file_moves, rank_moves, FILE_OF, RANK_OF, SQUARE_BIT};
use xiangqi::{Color, Position, Role};

/// Phase weight of a full board (2 per chariot, 1 per horse or cannon).
const MAX_PHASE: i32 = 16;

/// Squares of each file.
static FILES: [u128; 9] = files();
/// `AHEAD_ON_FILE[colour][s]`: the points of the file of `s` beyond it, seen from `colour`.
static AHEAD_ON_FILE: [[u128; 90]; 2] = {
    let (above, below) = (above(), below());
    let mut t = [[0u128; 90]; 2];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        t[0][s] = above[r] & FILES[f];
        t[1][s] = below[r] & FILES[f];
        s += 1;
    }
    t
};

const fn files() -> [u128; 9] {
    let mut t = [0u128; 9];
    let mut s = 0;
    while s < 90 {
        t[s % 9] |= 1u128 << s;
        s += 1;
    }
    t
}

const fn above() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        let mut s = (r + 1) * 9;
        while s < 90 {
            t[r] |= 1u128 << s;
            s += 1;
        }
        r += 1;
    }
    t
}

const fn below() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        let mut s = 0;
        while s < r * 9 {
            t[r] |= 1u128 << s;
            s += 1;
        }
        r += 1;
    }
    t
}

/// Squares whose rank, counted from `color`'s own back rank, is at least `min_rank`, on files
/// `min_file..=max_file`.
const fn zone(color: usize, min_rank: usize, min_file: usize, max_file: usize) -> u128 {
    let mut m = 0u128;
    let mut s = 0;
    while s < 90 {
        let rel = if color == 0 { s } else { 89 - s };
        let file = s % 9;
        if rel / 9 >= min_rank && file >= min_file && file <= max_file {
            m |= 1u128 << s;
        }
        s += 1;
    }
    m
}

/// Chariots in the enemy half beyond the river bank (relative rank ≥ 6).
static CHARIOT_ZONE: [u128; 2] = [zone(0, 6, 0, 8), zone(1, 6, 0, 8)];
/// Horses near the enemy palace.
static HORSE_ZONE: [u128; 2] = [zone(0, 6, 2, 6), zone(1, 6, 2, 6)];
/// Cannons on the enemy palace files, deep in the enemy half.
static CANNON_ZONE: [u128; 2] = [zone(0, 7, 3, 5), zone(1, 7, 3, 5)];
/// Pawns near the enemy palace.
static PAWN_ZONE: [u128; 2] = [zone(0, 7, 2, 6), zone(1, 7, 2, 6)];
/// Squares across the river.
static CROSSED: [u128; 2] = [zone(0, 5, 0, 8), zone(1, 5, 0, 8)];
/// Squares on files a–h (a pawn there may have a neighbour on the next file).
static NOT_LAST_FILE: u128 = zone(0, 0, 0, 7);

/// Accumulated middlegame and endgame terms of one side.
#[derive(Default, Clone, Copy)]
struct Terms {
    mg: i32,
    eg: i32,
}

impl Terms {
    #[inline]
    fn add(&mut self, w: [i32; 2], times: i32) {
        self.mg += w[0] * times;
        self.eg += w[1] * times;
    }
}

/// Evaluates `pos` with the engine's weights, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Params::DEFAULT)
}

/// Evaluates `pos` with the weights `p`, from the side to move's point of view.
#[must_use]
pub fn evaluate_with(pos: &Position, p: &Params) -> i32 {
    let st = EvalState::new(pos, p);
    evaluate_state(pos, &st, p)
}

/// Evaluates `pos`, whose material, piece-square sums and piece sets are `st` (built with the
/// weights `p`), from the side to move's point of view.
#[inline(always)]
pub(crate) fn evaluate_state(pos: &Position, st: &EvalState, p: &Params) -> i32 {
    let mut terms = [Terms::default(); 2];
    let mut attackers_in_zone = [0i32; 2];
    let mut crossed_pawns = [0u128; 2];

    for color in Color::ALL {
        let c = color.index();
        let tm = &mut terms[c];
        tm.mg += st.psq[c][0];
        tm.eg += st.psq[c][1];
        let f = mobility(pos, st, color);
        // The per-piece terms are linear: counted here, weighted once.
        tm.add(
            p.chariot_mob,
            f.chariot_reach - 7 * st.count(color, Role::Chariot),
        );
        tm.add(p.chariot_open_file, f.open_chariots);
        tm.add(
            p.horse_mob,
            f.horse_reach - 4 * st.count(color, Role::Horse),
        );
        tm.add(p.horse_trapped, f.trapped_horses);
        tm.add(
            p.cannon_mob,
            f.cannon_reach - 6 * st.count(color, Role::Cannon),
        );
        let pawns = st.set(color, Role::Pawn);
        crossed_pawns[c] = pawns & CROSSED[c];
        let in_zone = (st.set(color, Role::Chariot) & CHARIOT_ZONE[c])
            | (st.set(color, Role::Horse) & HORSE_ZONE[c])
            | (st.set(color, Role::Cannon) & CANNON_ZONE[c])
            | (pawns & PAWN_ZONE[c]);
        attackers_in_zone[c] = in_zone.count_ones() as i32;
    }

    for color in Color::ALL {
        let c = color.index();
        let e = c ^ 1;
        let tm = &mut terms[c];
        // Crossed pawns side by side.
        let pawns = crossed_pawns[c];
        tm.add(
            p.connected_pawns,
            (pawns & (pawns >> 1) & NOT_LAST_FILE).count_ones() as i32,
        );
        let advisors = st.count(color, Role::Advisor);
        let elephants = st.count(color, Role::Elephant);
        if advisors == 2 {
            tm.add(p.advisor_pair, 1);
        }
        if elephants == 2 {
            tm.add(p.elephant_pair, 1);
        }
        let enemy_rh = st.count_of(e, Role::Chariot) + st.count_of(e, Role::Horse);
        tm.add(p.missing_advisor, (2 - advisors) * enemy_rh);
        tm.add(
            p.missing_elephant,
            (2 - elephants) * st.count_of(e, Role::Cannon),
        );
        tm.add(p.zone_attacker, attackers_in_zone[e]);
        king_file_threats(pos, st, color, p, tm);
    }

    let crossed = [crossed_pawns[0] != 0, crossed_pawns[1] != 0];
    finish(
        pos,
        st,
        p,
        terms[0].mg - terms[1].mg,
        terms[0].eg - terms[1].eg,
        crossed,
    )
}

/// How far [`evaluate_material`] must lie above beta for a quiescence node to stand pat without
/// the full evaluation: the other terms almost never add up to more (over the bench searches,
/// 99.9 % of evaluations differ from it by less).
pub(crate) const LAZY_MARGIN: i32 = 300;

/// The incremental part of the evaluation alone — material and piece-square sums, tapered and
/// scaled like the full one — from the side to move's point of view. Mobility, king safety and
/// pawn terms rarely move the score by more than a few pawns, so a score this far beyond a
/// bound decides a quiescence stand-pat without them.
#[inline]
pub(crate) fn evaluate_material(pos: &Position, st: &EvalState, p: &Params) -> i32 {
    let crossed = [
        st.set(Color::Red, Role::Pawn) & CROSSED[0] != 0,
        st.set(Color::Black, Role::Pawn) & CROSSED[1] != 0,
    ];
    finish(
        pos,
        st,
        p,
        st.psq[0][0] - st.psq[1][0],
        st.psq[0][1] - st.psq[1][1],
        crossed,
    )
}

/// Tapers the middlegame and endgame sums `mg`, `eg` (Red minus Black) by the phase, shrinks the
/// advantage of a side that cannot win (`crossed`: whether each side has a pawn across the
/// river), and turns the score to the side to move's point of view with the tempo bonus.
#[inline(always)]
fn finish(pos: &Position, st: &EvalState, p: &Params, mg: i32, eg: i32, crossed: [bool; 2]) -> i32 {
    let n = |c: usize, role: Role| st.count_of(c, role);
    let phase = (2 * (n(0, Role::Chariot) + n(1, Role::Chariot))
        + n(0, Role::Horse)
        + n(1, Role::Horse)
        + n(0, Role::Cannon)
        + n(1, Role::Cannon))
    .min(MAX_PHASE);
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;

    // A side without chariot, horse, cannon or pawn cannot win: shrink its advantage.
    let strong = if score > 0 { 0 } else { 1 };
    let attackers = n(strong, Role::Chariot)
        + n(strong, Role::Horse)
        + n(strong, Role::Cannon)
        + n(strong, Role::Pawn);
    if attackers == 0 {
        score /= 16;
    } else if attackers == 1 && n(strong, Role::Pawn) == 1 && !crossed[strong] {
        // A single pawn that has not crossed the river rarely wins.
        score /= 4;
    }

    let stm = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    stm + p.tempo
}

/// Mobility counts of one side's chariots, horses and cannons.
#[derive(Default)]
struct Mobility {
    /// Points reached by the chariots (empty ones and enemy pieces met first).
    chariot_reach: i32,
    /// Chariots with no own pawn ahead on their file.
    open_chariots: i32,
    /// Horse destinations not held by own pieces.
    horse_reach: i32,
    /// Horses with at most one such destination.
    trapped_horses: i32,
    /// Quiet moves of the cannons.
    cannon_reach: i32,
}

/// The mobility counts of `color`.
#[inline(never)]
fn mobility(pos: &Position, st: &EvalState, color: Color) -> Mobility {
    let mut m = Mobility::default();
    let own = pos.occupied_by(color).0;
    let enemy = !color;
    let pawns = st.set(color, Role::Pawn);
    let mut set = st.set(color, Role::Chariot);
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        let (f, r) = (FILE_OF[s], RANK_OF[s]);
        let file = file_moves(r, pos.file_occupancy(f));
        let rank = rank_moves(f, pos.rank_occupancy(r));
        // Empty points reached plus the enemy pieces met first (own pieces stop it).
        let reach = (u32::from(file.quiet) | u32::from(rank.quiet) << 16).count_ones()
            + (u32::from(file.first & pos.file_pieces(enemy, f))
                | u32::from(rank.first & pos.rank_pieces(enemy, r)) << 16)
                .count_ones();
        m.chariot_reach += reach as i32;
        m.open_chariots += i32::from(pawns & AHEAD_ON_FILE[color.index()][s] == 0);
    }
    let mut set = st.set(color, Role::Horse);
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        let (f, r) = (FILE_OF[s], RANK_OF[s]);
        let targets = horse_targets_from_lines(
            s,
            f.index(),
            r.index(),
            pos.file_occupancy(f),
            pos.rank_occupancy(r),
        );
        let mob = (targets & !own).count_ones() as i32;
        m.horse_reach += mob;
        m.trapped_horses += i32::from(mob <= 1);
    }
    let mut set = st.set(color, Role::Cannon);
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        let (f, r) = (FILE_OF[s], RANK_OF[s]);
        let file = file_moves(r, pos.file_occupancy(f));
        let rank = rank_moves(f, pos.rank_occupancy(r));
        m.cannon_reach += (u32::from(file.quiet) | u32::from(rank.quiet) << 16).count_ones() as i32;
    }
    m
}

/// Enemy cannons and chariots lined up on `color`'s king file, looking towards the enemy: the
/// first three pieces met decide (hollow cannon, cannon behind two screens, chariot behind one).
#[inline(never)]
fn king_file_threats(pos: &Position, st: &EvalState, color: Color, p: &Params, tm: &mut Terms) {
    let k = pos.king(color).index();
    let (kfile, kf, kr) = (FILE_OF[k], FILE_OF[k].index(), RANK_OF[k].index());
    let enemy = !color;
    let cannons = st.set(enemy, Role::Cannon);
    let chariots = st.set(enemy, Role::Chariot);
    if (cannons | chariots) & FILES[kf] == 0 {
        return;
    }
    let red = color == Color::Red;
    // The pieces on the king's file towards the enemy (bit = rank), nearest first.
    let mut bits = pos.file_occupancy(kfile)
        & if red {
            !((2u16 << kr) - 1)
        } else {
            (1u16 << kr) - 1
        };
    for screens in 0..3 {
        if bits == 0 {
            break;
        }
        let r = if red {
            bits.trailing_zeros()
        } else {
            15 - bits.leading_zeros()
        };
        bits ^= 1 << r;
        let bit = SQUARE_BIT[r as usize * 9 + kf];
        match screens {
            0 if cannons & bit != 0 => tm.add(p.hollow_cannon, 1),
            2 if cannons & bit != 0 => tm.add(p.cannon_two_screens, 1),
            1 if chariots & bit != 0 => tm.add(p.open_chariot_on_king, 1),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{random_game, Rng};

    #[test]
    fn material_part_is_the_whole_evaluation_of_bare_kings() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").expect("fen");
        let st = EvalState::new(&pos, &Params::DEFAULT);
        assert_eq!(
            evaluate_material(&pos, &st, &Params::DEFAULT),
            evaluate_state(&pos, &st, &Params::DEFAULT)
        );
    }

    #[test]
    fn other_terms_rarely_exceed_the_lazy_margin() {
        let mut rng = Rng::new(3);
        let (mut total, mut beyond) = (0, 0);
        for _ in 0..400 {
            for pos in random_game(&mut rng, 120) {
                let st = EvalState::new(&pos, &Params::DEFAULT);
                let full = evaluate_state(&pos, &st, &Params::DEFAULT);
                let material = evaluate_material(&pos, &st, &Params::DEFAULT);
                total += 1;
                beyond += i32::from((full - material).abs() >= LAZY_MARGIN);
            }
        }
        assert!(total > 10_000, "{total}");
        // Random play leaves far stranger positions than a search visits (0.1 % there).
        assert!(beyond * 20 < total, "{beyond} of {total} beyond the margin");
    }

    #[test]
    fn a_piece_square_entry_counts_for_red_on_its_point_and_for_black_on_the_rotated_one() {
        let mut p = Params::DEFAULT;
        p.pst_mg[3][1] += 32;
        p.pst_eg[3][1] += 32;
        // Black's horses removed: Red's horse on b0 (index 1) gains.
        let red_horses = "r1bakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let pos = Position::from_fen(red_horses).expect("valid FEN");
        assert_eq!(
            evaluate_with(&pos, &p),
            evaluate_with(&pos, &Params::DEFAULT) + 32
        );
        // Red's horses removed: Black's horse on h9 (index 88, rotated 1) gains.
        let black_horses = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1";
        let pos = Position::from_fen(black_horses).expect("valid FEN");
        assert_eq!(
            evaluate_with(&pos, &p),
            evaluate_with(&pos, &Params::DEFAULT) - 32
        );
    }
}
