//! Bit-set geometry for the evaluation: rays and horse jumps as 90-bit sets (`u128`, bit `i` =
//! square `i`, as `Position::occupied`).
//!
//! Key decision: mobility is counted with masks and population counts instead of walking the
//! board square by square; the squares beyond the first blocker along a ray are exactly the ray
//! of the blocker in the same direction, so no variable shifts are needed.

/// Ray directions: north (+9), south (−9), east (+1), west (−1). Even directions increase the
/// square index.
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// `RAYS[square][direction]`: the squares along the ray, the square itself excluded.
pub(crate) static RAYS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            while x >= 0 && x < 9 && y >= 0 && y < 10 {
                t[s][d] |= 1u128 << (y * 9 + x);
                x += df;
                y += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// The nearest square of `blockers`, a non-empty subset of `RAYS[_][dir]`.
#[inline]
pub(crate) fn nearest(blockers: u128, dir: usize) -> usize {
    if dir & 1 == 0 {
        blockers.trailing_zeros() as usize
    } else {
        127 - blockers.leading_zeros() as usize
    }
}

/// Points reached along the ray from `s` in direction `d`: the empty ones up to the first
/// blocker, plus the blocker itself. Also returns the blocker, if any.
#[inline]
pub(crate) fn ray_reach(occ: u128, s: usize, d: usize) -> (u128, Option<usize>) {
    let mask = RAYS[s][d];
    let blockers = occ & mask;
    if blockers == 0 {
        (mask, None)
    } else {
        let b = nearest(blockers, d);
        (mask & !RAYS[b][d], Some(b))
    }
}

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
    fn horse_in_the_corner_has_two_jumps_and_rays_have_the_board_length() {
        assert_eq!(horse_targets(0, 0).count_ones(), 2);
        assert_eq!(horse_targets(0, 40).count_ones(), 8);
        // A leg on square 1 (east of a0) blocks the jump to c1 (square 11).
        assert_eq!(horse_targets(1 << 1, 0), 1u128 << 19);
        assert_eq!(RAYS[0][0].count_ones(), 9);
        assert_eq!(RAYS[0][2].count_ones(), 8);
        let occ = 1u128 << 36; // a4
        let (reach, blocker) = ray_reach(occ, 0, 0);
        assert_eq!(blocker, Some(36));
        assert_eq!(reach.count_ones(), 4);
    }
}
