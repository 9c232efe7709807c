//! Edge weights of a bracket: the quality criteria C.5–C.19 packed into one wide integer, most
//! important in the highest bits, with room below for the transposition tie-breaks (D.1–D.3).

use super::bracket::Bracket;
use super::player::{Float, Player, Role};
use super::Field;

fn bit<W: Field>(on: bool, at: u32) -> W {
    if on {
        W::small(1).shl(at)
    } else {
        W::small(0)
    }
}

/// Bit widths of the criteria, in priority order.
pub(super) fn shifts(b: &Bracket) -> [u32; 15] {
    let bb = b.bracket_bits;
    let sd = b.sd_total_bits;
    let one = |x: u32| if b.one_round_played { x } else { 0 };
    let two = |x: u32| if b.two_rounds_played { x } else { 0 };
    let c7 = if b.penultimate || b.last {
        0
    } else {
        b.low_bracket_bits + sd
    };
    [
        bb,
        sd,
        c7,
        bb,
        bb,
        bb,
        bb,
        one(bb),
        two(bb),
        one(bb),
        two(bb),
        one(sd),
        one(sd),
        two(sd),
        two(sd),
    ]
}

/// Total bits a weight needs for this bracket (the matcher adds two bits of headroom).
pub(super) fn total_bits(b: &Bracket) -> u32 {
    2 + shifts(b).iter().sum::<u32>() + 3 * b.bracket_bits + 2
}

fn criterion<W: Field>(c: usize, p1: &Player, p2: &Player, b: &Bracket) -> W {
    let zero = W::small(0);
    if p2.role == Role::Lower && c != 2 {
        return zero;
    }
    let pts = |p: &Player| i64::from(p.points);
    let d = |p: &Player| pts(p) - b.min_score + 10;
    let more = p1.points > p2.points;
    let conflict = p1.side == p2.side && p1.side != 0;
    let ts = p1.top_scorer || p2.top_scorer;
    let small = |v: bool| W::small(i64::from(v));
    match c {
        0 => small(true),
        1 => bit::<W>(true, b.sd(d(p1)))
            .add(bit(true, b.sd(d(p2))))
            .sub(bit(true, b.sd(pts(p1) - pts(p2)))),
        2 => {
            if b.penultimate || b.last {
                return zero;
            }
            let mut w = small(p2.role == Role::Lower).shl(b.sd_total_bits);
            if p1.role != Role::Lower {
                w = w.add(bit(true, b.sd(d(p1))));
            }
            if p2.role != Role::Lower {
                w = w.add(bit(true, b.sd(d(p2))));
            }
            w
        }
        3 => small(
            !(ts && p1.color_difference.abs() > 1
                && p2.color_difference.abs() > 1
                && p1.side == p2.side),
        ),
        4 => small(!(ts && p1.color_double && p2.color_double && p1.side == p2.side)),
        5 => small(!conflict),
        6 => small(!(p1.strength >= 2 && p2.strength >= 2 && conflict)),
        7 | 9 => {
            if !b.one_round_played {
                return zero;
            }
            let f = |p: &Player| if c == 7 { p.float_1 } else { p.float_2 };
            let n = i64::from(f(p1) == Float::Down && p1.points <= p2.points)
                + i64::from(f(p2) == Float::Down);
            W::small(n)
        }
        8 | 10 => {
            if !b.two_rounds_played {
                return zero;
            }
            let f = if c == 8 { p2.float_1 } else { p2.float_2 };
            small(!(f == Float::Up && more))
        }
        11 | 13 => {
            let ok = if c == 11 {
                b.one_round_played
            } else {
                b.two_rounds_played
            };
            if !ok {
                return zero;
            }
            let f = |p: &Player| if c == 11 { p.float_1 } else { p.float_2 };
            let (prev1, prev2) = (f(p1) == Float::Down, f(p2) == Float::Down);
            let mut w = bit::<W>(prev1, b.sd(d(p1))).add(bit(prev2, b.sd(d(p2))));
            if prev1 && more {
                w = w.sub(bit(true, b.sd(pts(p1) - pts(p2))));
            }
            w
        }
        12 | 14 => {
            let ok = if c == 12 {
                b.one_round_played
            } else {
                b.two_rounds_played
            };
            if !ok {
                return zero;
            }
            let f = if c == 12 { p2.float_1 } else { p2.float_2 };
            zero.sub(bit(f == Float::Up && more, b.sd(d(p1))))
        }
        _ => zero,
    }
}

/// The weight of pairing `p1` with `p2` (`p1` earlier in the bracket's list), or zero if
/// `allowed` is false (absolute criteria).
pub(super) fn weight<W: Field>(p1: &Player, p2: &Player, b: &Bracket, allowed: bool) -> W {
    let mut w = W::small(0);
    if !allowed {
        return w;
    }
    if b.penultimate || b.last {
        w = W::small(1 + i64::from(p1.bye_received) + i64::from(p2.bye_received));
    }
    for (c, shift) in shifts(b).into_iter().enumerate() {
        w = w.shl(shift).add(criterion(c, p1, p2, b));
    }
    w.shl(3 * b.bracket_bits + 1)
}
