//! Bit-set geometry for the evaluation: rays and horse jumps as 90-bit sets (`u128`, bit `i` =
//! square `i`, as `Position::occupied`).
//!
//! Key decision: mobility is counted with masks and population counts instead of walking the
//! board square by square; the squares beyond the first blocker along a ray are exactly the ray
//! of the blocker in the same direction, so no variable shifts are needed; a run of empty points
//! along a ray is counted from the distance to its first blocker, not with a population count.

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

/// `RAY_LEN[square][direction]`: number of squares on the ray.
pub(crate) static RAY_LEN: [[u8; 4]; 90] = {
    let mut t = [[0u8; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            t[s][d] = RAYS[s][d].count_ones() as u8;
            d += 1;
        }
        s += 1;
    }
    t
};

/// Square step of each direction.
const STEP: [usize; 4] = [9, 9, 1, 1];

/// Distance in steps from `s` to `b`, a square on the ray from `s` in direction `d`.
#[inline]
fn steps(s: usize, b: usize, d: usize) -> i32 {
    let diff = if d & 1 == 0 { b - s } else { s - b };
    (diff / STEP[d]) as i32
}

/// Number of empty points before the first blocker from `s` in direction `d`, and the blocker.
#[inline]
pub(crate) fn ray_run(occ: u128, s: usize, d: usize) -> (i32, Option<usize>) {
    let blockers = occ & RAYS[s][d];
    if blockers == 0 {
        (i32::from(RAY_LEN[s][d]), None)
    } else {
        let b = nearest(blockers, d);
        (steps(s, b, d) - 1, Some(b))
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
        assert_eq!(ray_run(occ, 0, 0), (3, Some(36)));
        assert_eq!(ray_run(occ, 0, 2), (8, None));
        assert_eq!(ray_run(occ, 45, 1), (0, Some(36)));
        assert_eq!(ray_run(1u128 << 2, 8, 3), (5, Some(2)));
    }
}
