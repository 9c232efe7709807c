//! Pairing one bracket (FIDE C.04.3 B and D): the best candidate by the quality criteria, then
//! the first in the order of generation, found by steering a maximum-weight matching with small
//! weight changes instead of enumerating candidates.

use super::bracket::Bracket;
use super::colors::side_of_higher;
use super::criteria;
use super::matcher::{is_allowed, BracketMatcher, ValidityMatcher};
use super::player::{Player, Role};
use super::Field;

/// A pair of round player indices, white (Red) first; `(p, p)` is the pairing-allocated bye.
pub(super) type Pair = (usize, usize);

struct Pairer<'a, W: Field> {
    players: &'a [Player],
    m: BracketMatcher<W>,
    num: i64,
}

impl<W: Field> Pairer<'_, W> {
    fn mate(&self, p: usize) -> usize {
        self.m.mate_of(p)
    }
    fn has_resident_match(&self, p: usize) -> bool {
        self.players[self.mate(p)].role == Role::Resident
    }
    fn in_s1(&self, p: usize) -> bool {
        let m = self.mate(p);
        self.players[p].above(&self.players[m]) && self.players[m].role == Role::Resident
    }
    fn in_s2(&self, p: usize) -> bool {
        let m = self.mate(p);
        !self.players[p].above(&self.players[m]) || self.players[m].role == Role::Lower
    }
}

fn rev(v: &[usize]) -> Vec<usize> {
    v.iter().rev().copied().collect()
}

/// Pairs bracket `b`; `None` when the downfloaters it leaves make the round unpairable.
pub(super) fn pair_bracket<W: Field>(
    players: &[Player],
    b: &Bracket,
    validity: &mut ValidityMatcher,
    forbidden: &[(u32, u32)],
    first_white: bool,
) -> Option<Vec<Pair>> {
    let list: Vec<usize> = b
        .mdps
        .iter()
        .chain(&b.residents)
        .chain(&b.lower)
        .copied()
        .collect();
    let n = list.len();
    let weight = |i: usize, j: usize| -> W {
        let (p1, p2) = (&players[list[i]], &players[list[j]]);
        criteria::weight(p1, p2, b, is_allowed(p1, p2, forbidden))
    };
    let m = BracketMatcher::new(list.clone(), weight, criteria::total_bits(b));
    let mut p = Pairer {
        players,
        m,
        num: n as i64,
    };
    let residents = &b.residents;

    // D.3: which MDPs form S1 (lowest BSNs first).
    let mut het_s1 = Vec::new();
    for &mdp in &b.mdps {
        if !p.has_resident_match(mdp) {
            p.m.add_all(mdp, residents, 1, false);
            p.m.update();
        }
        if p.has_resident_match(mdp) {
            het_s1.push(mdp);
            p.m.add_all(mdp, residents, p.num, false);
        }
    }
    // D.1: their opponents, in order of transposition.
    let mut het_s2 = Vec::new();
    for &mdp in &het_s1 {
        p.m.add_all(mdp, &rev(residents), 0, true);
        p.m.update();
        let mate = p.mate(mdp);
        het_s2.push(mate);
        p.m.finalize(mdp, mate);
        validity.finalize(mdp, mate);
    }
    // D.2.a/b: the number of exchanges in the homogeneous part.
    let remainder: Vec<usize> = residents
        .iter()
        .copied()
        .filter(|r| !het_s2.contains(r))
        .collect();
    let pairs = remainder
        .iter()
        .filter(|&&r| p.has_resident_match(r))
        .count()
        / 2;
    let mut s1: Vec<usize> = remainder[..pairs].to_vec();
    let mut s2: Vec<usize> = remainder[pairs..].to_vec();
    let bb = b.bracket_bits;
    for (i, &r) in remainder.iter().enumerate() {
        let value = ((i64::from(i < pairs) << (2 * bb)) - i as i64) << 1;
        p.m.add_all(r, &remainder[i + 1..], value, false);
    }
    p.m.update();
    let exchanges = s1.iter().filter(|&&r| p.in_s2(r)).count();
    // D.2.c: the highest BSNs moved from S1 to S2.
    let mut left = exchanges;
    for i in (0..s1.len()).rev() {
        if left == 0 {
            break;
        }
        let r = s1[i];
        let lower: Vec<usize> = s1[i + 1..].iter().chain(&s2).copied().collect();
        let was = p.in_s2(r);
        if !was {
            p.m.add_all(r, &lower, -1, false);
            p.m.update();
        }
        if p.in_s2(r) {
            left -= 1;
            p.m.remove_all(r, &lower);
        }
        if !was {
            p.m.add_all(r, &lower, 1, false);
        }
    }
    // D.2.d: the lowest BSNs moved from S2 to S1.
    let mut left = exchanges;
    for i in 0..s2.len() {
        if left == 0 {
            break;
        }
        let r = s2[i];
        let higher: Vec<usize> = s1.iter().chain(&s2[..i]).copied().collect();
        let was = p.in_s1(r);
        if !was {
            p.m.add_all(r, &higher, -1, false);
            p.m.update();
        }
        if !p.in_s2(r) {
            left -= 1;
            let mut gone = higher.clone();
            gone.extend(&b.lower);
            p.m.remove_all(r, &gone);
        }
        if !was {
            p.m.add_all(r, &higher, 1, false);
        }
    }
    let all: Vec<usize> = s1.iter().chain(&s2).copied().collect();
    s1 = all.iter().copied().filter(|&r| p.in_s1(r)).collect();
    s2 = all.iter().copied().filter(|&r| p.in_s2(r)).collect();
    for i in 0..s1.len() {
        p.m.remove_all(s1[i], &s1[i + 1..]);
    }
    for i in 0..s2.len() {
        p.m.remove_all(s2[i], &s2[i + 1..]);
    }
    // D.1: transpositions of S2.
    for &r in &s1 {
        p.m.add_all(r, &rev(&s2), 0, true);
        p.m.update();
        let mate = p.mate(r);
        p.m.finalize(r, mate);
        validity.finalize(r, mate);
    }
    if !(b.penultimate || b.last || validity.is_valid()) {
        return None;
    }
    let mut out = Vec::new();
    for &a in &p.m.list {
        let c = p.mate(a);
        let (pa, pc) = (&players[a], &players[c]);
        if pa.role == Role::Lower || pc.role == Role::Lower {
            continue;
        }
        if pa.above(pc) {
            let side = side_of_higher(pa, pc, first_white);
            out.push(if side > 0 { (a, c) } else { (c, a) });
        }
        if a == c && b.last {
            out.push((a, a));
        }
    }
    Some(out)
}
