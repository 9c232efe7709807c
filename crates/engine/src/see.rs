//! Static exchange evaluation (SEE): the material balance of the capture sequence on one point,
//! each side recapturing with its least valuable piece and free to stop.
//!
//! Key decision: Xiangqi's attackers depend on the occupancy in more ways than chess's (cannon
//! screens, horse legs, elephant eyes), so the attackers of the point are recomputed from the
//! remaining occupancy after every capture instead of adding x-rays. Pins and the flying-general
//! rule are ignored, as chess engines ignore pins: SEE is an estimate for ordering and pruning.

use crate::bitboard::horse_reach;
use crate::eval_state::EvalState;
use crate::types::{by_code, ORDER_VALUE};
use xiangqi::lines::{file_moves, file_points, rank_moves, rank_points, SQUARE_BIT};
use xiangqi::{elephant_attackers, horse_attackers, Color, Move, Position, Role, Square};

/// Exchange values by role index (K, A, E, H, R, C, P): the ordering values, with a king worth
/// more than any exchange (it only matters as the last attacker).
const VALUE: [i32; 7] = {
    let mut v = ORDER_VALUE;
    v[0] = 20000;
    v
};

/// Value by piece code (0 = empty point).
static CODE_VALUE: [i32; 16] = by_code(&VALUE);

/// Recapturing order: least valuable first (the king comes last, handled apart).
const ORDER: [Role; 6] = [
    Role::Pawn,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Cannon,
    Role::Chariot,
];

/// The bit of point `s` (a table load: no variable 128-bit shift).
#[inline]
fn bit(s: usize) -> u128 {
    SQUARE_BIT[s]
}

/// The points at the given (file, rank) offsets from each point, as 90-bit sets.
const fn offsets_from(offsets: &[(i32, i32)]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < offsets.len() {
            let (x, y) = (f + offsets[i].0, r + offsets[i].1);
            if x >= 0 && x < 9 && y >= 0 && y < 10 {
                t[s] |= 1u128 << (y * 9 + x);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// `LINES_THROUGH[s]`: the other points of the file and rank of `s`.
static LINES_THROUGH: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut x = 0;
        while x < 90 {
            if x != s && (x % 9 == s % 9 || x / 9 == s / 9) {
                t[s] |= 1u128 << x;
            }
            x += 1;
        }
        s += 1;
    }
    t
};

/// `ELEPHANT_ORIGINS[s]`: the points two diagonal steps from `s` (either side of the river; the
/// rules crate's table decides which of them an elephant may use).
static ELEPHANT_ORIGINS: [u128; 90] = offsets_from(&[(2, 2), (-2, 2), (2, -2), (-2, -2)]);

/// The attackers of `s` other than chariots and cannons (both colours, among `occ`), from the
/// rules crate's step geometry.
#[inline]
fn step_attackers(s: usize, occ: u128, st: &EvalState) -> u128 {
    let square = Square::new(s);
    let mut res = 0;
    let horses =
        (st.set(Color::Red, Role::Horse) | st.set(Color::Black, Role::Horse)) & horse_reach(s);
    if horses != 0 {
        for (from, leg) in horse_attackers(square) {
            if horses & bit(from.index()) != 0 && occ & bit(leg.index()) == 0 {
                res |= bit(from.index());
            }
        }
    }
    for color in Color::ALL {
        let elephants = st.set(color, Role::Elephant) & ELEPHANT_ORIGINS[s];
        if elephants != 0 {
            for (from, eye) in elephant_attackers(color, square) {
                if elephants & bit(from.index()) != 0 && occ & bit(eye.index()) == 0 {
                    res |= bit(from.index());
                }
            }
        }
        for role in [Role::Advisor, Role::King, Role::Pawn] {
            res |= xiangqi::step_attackers(color, role, square).0 & st.set(color, role);
        }
    }
    res & occ
}

/// Whether the exchange started by `m` wins at least `threshold` (centipawns, [`VALUE`] scale)
/// for the side making it. Works for quiet moves too (the victim is worth 0).
#[must_use]
pub(crate) fn see_ge(pos: &Position, st: &EvalState, m: Move, threshold: i32) -> bool {
    let (from, to) = (m.from().index(), m.to().index());
    let mut swap = CODE_VALUE[usize::from(pos.code_at(m.to()) & 15)] - threshold;
    if swap < 0 {
        return false;
    }
    swap = CODE_VALUE[usize::from(pos.code_at(m.from()) & 15)] - swap;
    if swap <= 0 {
        return true;
    }
    let (file, rank) = (m.to().file(), m.to().rank());
    let (f, r) = (file.index(), rank.index());
    let mut occ = pos.occupied().0 & !bit(from) & !bit(to);
    // The line through `to` as bit masks, kept in step with `occ` for the sliders.
    let mut file_occ = pos.file_occupancy(file);
    let mut rank_occ = pos.rank_occupancy(rank);
    let remove = |occ: &mut u128, file_occ: &mut u16, rank_occ: &mut u16, x: usize| {
        *occ &= !bit(x);
        if x % 9 == f {
            *file_occ &= !(1 << (x / 9));
        }
        if x / 9 == r {
            *rank_occ &= !(1 << (x % 9));
        }
    };
    remove(&mut occ, &mut file_occ, &mut rank_occ, from);
    let chariots = st.set(Color::Red, Role::Chariot) | st.set(Color::Black, Role::Chariot);
    let cannons = st.set(Color::Red, Role::Cannon) | st.set(Color::Black, Role::Cannon);
    // Without a chariot or cannon on the point's file or rank, no slider ever joins in.
    let sliders_on_lines = (chariots | cannons) & LINES_THROUGH[to] & occ;
    let mut steps = step_attackers(to, occ, st);
    let mut stm = pos.turn();
    // `res`: whether the side that made the last capture is ahead of the threshold (1 = mover).
    let mut res = 1;
    loop {
        stm = !stm;
        let lines = if sliders_on_lines == 0 {
            0
        } else {
            let fl = file_moves(rank, file_occ);
            let rl = rank_moves(file, rank_occ);
            (file_points(file, fl.first) | rank_points(rank, rl.first)).0 & chariots
                | (file_points(file, fl.second) | rank_points(rank, rl.second)).0 & cannons
        };
        let attackers = (steps | lines) & occ;
        let ours = attackers & pos.occupied_by(stm).0;
        if ours == 0 {
            break;
        }
        res ^= 1;
        let mut taken = None;
        for role in ORDER {
            let b = ours & st.set(stm, role);
            if b != 0 {
                swap = VALUE[role.index()] - swap;
                if swap < res {
                    return res == 1;
                }
                taken = Some((b.trailing_zeros() as usize, role));
                break;
            }
        }
        let Some((x, role)) = taken else {
            // Only the king attacks: it may capture only if nothing defends the point.
            let theirs = attackers & pos.occupied_by(!stm).0;
            return if theirs != 0 { res ^ 1 == 1 } else { res == 1 };
        };
        remove(&mut occ, &mut file_occ, &mut rank_occ, x);
        if role == Role::Advisor {
            // An advisor may have stood on a horse's leg or an elephant's eye.
            steps = step_attackers(to, occ, st);
        }
    }
    res == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{random_position, Rng};
    use crate::params::Params;
    use xiangqi::MoveList;

    /// Rank of a role in the recapturing order (the king last).
    fn order_rank(role: Role) -> usize {
        ORDER.iter().position(|&r| r == role).unwrap_or(ORDER.len())
    }

    /// The least valuable pseudo-legal capture onto `to` for the side to move (lowest origin
    /// first among equals), found with the move generator.
    fn least_valuable_capture(pos: &Position, to: usize) -> Option<Move> {
        let mut list = MoveList::new();
        pos.pseudo_moves_into(&mut list);
        list.iter()
            .copied()
            .filter(|m| m.to().index() == to)
            .min_by_key(|m| {
                let role = pos.piece_at(m.from()).map(|p| p.role).unwrap_or(Role::King);
                (order_rank(role), m.from().index())
            })
    }

    /// What the side to move gains by going on capturing on `to` (free to stop), each side
    /// using its least valuable piece; a king captures only onto an undefended point.
    fn reference_gain(pos: &mut Position, to: usize) -> i32 {
        let Some(m) = least_valuable_capture(pos, to) else {
            return 0;
        };
        let victim = CODE_VALUE[usize::from(pos.code_at(m.to()) & 15)];
        let king = pos.piece_at(m.from()).map(|p| p.role) == Some(Role::King);
        let undo = pos.do_move(m);
        let gain = if king {
            if least_valuable_capture(pos, to).is_some() {
                None
            } else {
                Some(victim)
            }
        } else {
            Some(victim - reference_gain(pos, to))
        };
        pos.undo_move(m, undo);
        gain.unwrap_or(0).max(0)
    }

    #[test]
    fn agrees_with_a_move_generator_exchange_on_random_positions() {
        let mut rng = Rng::new(42);
        let mut checked = 0;
        for _game in 0..200 {
            let pos = random_position(&mut rng, 120);
            let st = EvalState::new(&pos, &Params::DEFAULT);
            for &m in pos.legal_moves().iter() {
                let victim = pos.piece_at(m.to()).map(|p| p.role);
                if victim == Some(Role::King) {
                    continue;
                }
                let mut after = pos.clone();
                let first = CODE_VALUE[usize::from(pos.code_at(m.to()) & 15)];
                let undo = after.do_move(m);
                let value = first - reference_gain(&mut after, m.to().index());
                after.undo_move(m, undo);
                for t in [-1000, -430, -200, -100, 0, 1, 100, 200, 430] {
                    assert_eq!(
                        see_ge(&pos, &st, m, t),
                        value >= t,
                        "{} {m} threshold {t}: exchange value {value}",
                        pos.fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).expect("fen");
        let st = EvalState::new(&pos, &Params::DEFAULT);
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_string() == mv)
            .expect("legal move");
        see_ge(&pos, &st, m, threshold)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // Red chariot a0 takes the black horse on a9; nothing recaptures.
        let fen = "n3k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
        assert!(see(fen, "a0a9", 430));
        assert!(!see(fen, "a0a9", 431));
    }

    #[test]
    fn a_chariot_taking_a_defended_pawn_loses() {
        // The black pawn on e6 is guarded by the chariot on e9.
        let fen = "3kr4/9/9/4p4/9/9/9/9/4R4/5K3 w - - 0 1";
        assert!(!see(fen, "e1e6", 0));
        assert!(see(fen, "e1e6", -900));
        assert!(!see(fen, "e1e6", -899));
    }

    #[test]
    fn a_cannon_recaptures_over_its_screen() {
        // The red horse d4 takes the pawn on e6 (leg d5 free).
        let fen = "3k5/4a4/9/4p4/9/3N5/9/9/9/5K3 w - - 0 1";
        assert!(see(fen, "d4e6", 100));
        // A black cannon on e9 sees e6 over the advisor on e8 and wins the horse back.
        let fen = "3kc4/4a4/9/4p4/9/3N5/9/9/9/5K3 w - - 0 1";
        assert!(!see(fen, "d4e6", 0));
        // Without the screen the cannon cannot recapture.
        let fen = "3kc4/9/9/4p4/9/3N5/9/9/9/5K3 w - - 0 1";
        assert!(see(fen, "d4e6", 100));
    }

    #[test]
    fn a_blocked_horse_does_not_recapture() {
        // Red chariot e1 takes the pawn e6; the black horse on d8 guards e6 (leg d7).
        let fen = "3k5/3n5/9/4p4/9/9/9/9/4R4/5K3 w - - 0 1";
        assert!(!see(fen, "e1e6", 0));
        // With its leg blocked on d7 it does not.
        let fen = "3k5/3n5/3P5/4p4/9/9/9/9/4R4/5K3 w - - 0 1";
        assert!(see(fen, "e1e6", 100));
    }

    #[test]
    fn a_quiet_move_onto_an_attacked_point_loses_the_piece() {
        // The black pawn on a6 attacks a5 (straight ahead), not a4.
        let fen = "4k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1";
        assert!(!see(fen, "a0a5", 0));
        assert!(see(fen, "a0a4", 0));
    }
}
