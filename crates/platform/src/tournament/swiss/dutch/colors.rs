//! Colour allocation of a pair (FIDE C.04.3 E.1–E.5), Red in the role of White.

use super::player::{Player, Side};

/// The side of `p1` (the higher ranked) against `p2`: +1 white, -1 black. `first_white`: the
/// top seed gets white in round 1 (E.5's initial colour).
pub(super) fn side_of_higher(p1: &Player, p2: &Player, first_white: bool) -> Side {
    // E.1: both preferences granted.
    if p1.side != 0 && p2.side != 0 && p1.side != p2.side {
        return p1.side;
    }
    // E.2: the stronger preference.
    if p1.strength != p2.strength {
        return if p1.strength > p2.strength {
            p1.side
        } else {
            -p2.side
        };
    }
    if p1.strength == 3 && p1.color_difference.abs() != p2.color_difference.abs() {
        return if p1.color_difference.abs() > p2.color_difference.abs() {
            p1.side
        } else {
            -p2.side
        };
    }
    // E.3: alternate from the most recent round in which they differed.
    for (c1, c2) in p1.colors.iter().rev().zip(p2.colors.iter().rev()) {
        if c1 != c2 {
            return if *c1 { -1 } else { 1 };
        }
    }
    // E.4: the higher ranked player's preference.
    if p1.side != 0 {
        return p1.side;
    }
    // E.5: by pairing number parity and the initial colour.
    let side = if p1.number % 2 == 1 { 1 } else { -1 };
    if first_white {
        side
    } else {
        -side
    }
}
