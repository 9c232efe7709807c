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

/// Bit of each leg direction (north, south, east, west) in the index of [`HORSE_BY_LEGS`].
const LEG_BIT: [usize; 4] = [4, 1, 8, 2];

/// `HORSE_BY_LEGS[square][legs]`: the points a horse on `square` reaches when the occupied legs
/// are `legs` (bit 0 south, 1 west, 2 north, 3 east; see [`horse_targets_from_lines`]).
static HORSE_BY_LEGS: [[u128; 16]; 90] = {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let mut legs = 0;
        while legs < 16 {
            let mut d = 0;
            while d < 4 {
                let (leg, targets) = HORSE_LEGS[s][d];
                if leg != 0 && legs & LEG_BIT[d] == 0 {
                    t[s][legs] |= targets;
                }
                d += 1;
            }
            legs += 1;
        }
        s += 1;
    }
    t
};

/// Squares a horse on `s` (file `f`, rank `r`) can move to (empty or enemy), its legs read from
/// the occupancy of its file (`file_occ`, bit = rank) and rank (`rank_occ`, bit = file).
#[inline]
pub(crate) fn horse_targets_from_lines(
    s: usize,
    f: usize,
    r: usize,
    file_occ: u16,
    rank_occ: u16,
) -> u128 {
    // Bits r - 1 and r + 1 of the file land on bits 0 and 2; likewise for the rank.
    let vertical = (u32::from(file_occ) << 1) >> r & 0b101;
    let horizontal = (u32::from(rank_occ) << 1) >> f & 0b101;
    HORSE_BY_LEGS[s][(vertical | horizontal << 1) as usize]
}

/// Squares a horse on `s` reaches with every leg free — by symmetry also the points from which a
/// horse could attack `s`.
#[inline]
pub(crate) fn horse_reach(s: usize) -> u128 {
    HORSE_BY_LEGS[s][0]
}

/// Squares a horse on `s` can move to (empty or enemy) given the occupancy (the reference for
/// [`horse_targets_from_lines`] in the tests).
#[cfg(test)]
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
        // The same from the line masks: a0 is file 0, rank 0; b0 is bit 1 of rank 0.
        assert_eq!(horse_targets_from_lines(0, 0, 0, 1, 0b11), 1u128 << 19);
        // Every square and leg pattern agrees with the 90-bit version.
        for (s, legs_of) in HORSE_LEGS.iter().enumerate() {
            for legs in 0..16u32 {
                let (f, r) = (s % 9, s / 9);
                let mut occ = 0u128;
                for (&(leg, _), bit) in legs_of.iter().zip(LEG_BIT) {
                    if legs as usize & bit != 0 {
                        occ |= leg;
                    }
                }
                let file_occ =
                    (0..10).fold(0u16, |m, rr| m | (((occ >> (rr * 9 + f)) & 1) as u16) << rr);
                let rank_occ =
                    (0..9).fold(0u16, |m, ff| m | (((occ >> (r * 9 + ff)) & 1) as u16) << ff);
                assert_eq!(
                    horse_targets_from_lines(s, f, r, file_occ, rank_occ),
                    horse_targets(occ, s),
                    "square {s}, legs {legs:04b}"
                );
            }
        }
    }
}
