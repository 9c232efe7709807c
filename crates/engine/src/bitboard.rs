//! Bit-set geometry for the evaluation: horse jumps as 90-bit sets (`u128`, bit `i` = square
//! `i`, as `Position::occupied`).
//!
//! Key decision: horse mobility is counted with masks and population counts instead of walking
//! the board square by square. Chariot and cannon mobility come from the rules crate's bit-rank
//! and bit-file tables (`xiangqi::lines`).

/// Leg directions: north (+9), south (−9), east (+1), west (−1).
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// `HORSE_LEGS[square]`: for each of the four orthogonal neighbours (the legs), the neighbour's
/// bit and the set of the (up to two) horse destinations that this leg controls.
pub(crate) static HORSE_LEGS: [[(u128, u128); 4]; 90] = {
    let mut t = [[(0u128, 0u128); 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (lf, lr) = (f + df, r + dr);
            if lf >= 0 && lf < 9 && lr >= 0 && lr < 10 {
                let mut targets = 0u128;
                // Two steps further in the leg's direction, one step to either side.
                let (sf, sr) = (dr, df);
                let mut k = 0;
                while k < 2 {
                    let sign = if k == 0 { 1 } else { -1 };
                    let (tf, tr) = (f + 2 * df + sign * sf, r + 2 * dr + sign * sr);
                    if tf >= 0 && tf < 9 && tr >= 0 && tr < 10 {
                        targets |= 1u128 << (tr * 9 + tf);
                    }
                    k += 1;
                }
                t[s][d] = (1u128 << (lr * 9 + lf), targets);
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Squares a horse on `s` can move to (empty or enemy) given the occupancy.
#[inline]
pub(crate) fn horse_targets(occ: u128, s: usize) -> u128 {
    let mut t = 0;
    for &(leg, targets) in &HORSE_LEGS[s] {
        if occ & leg == 0 {
            t |= targets;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horse_in_the_corner_has_two_jumps_and_a_leg_blocks_two() {
        assert_eq!(horse_targets(0, 0).count_ones(), 2);
        assert_eq!(horse_targets(0, 40).count_ones(), 8);
        // A leg on square 1 (east of a0) blocks the jump to c1 (square 11).
        assert_eq!(horse_targets(1 << 1, 0), 1u128 << 19);
    }
}
