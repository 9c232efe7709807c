//! Score groups and pairing brackets (A.3, A.8, A.9): which players are MDPs, residents and the
//! next group, and the bit layout of score differences used by the weights.

use super::player::{Player, Role};
use std::collections::BTreeMap;

/// The bracket being paired: indices into the round's player list.
#[derive(Clone, Debug)]
pub(super) struct Bracket {
    pub mdps: Vec<usize>,
    pub residents: Vec<usize>,
    pub lower: Vec<usize>,
    pub one_round_played: bool,
    pub two_rounds_played: bool,
    pub penultimate: bool,
    pub last: bool,
    pub min_score: i64,
    pub bracket_bits: u32,
    pub low_bracket_bits: u32,
    pub sd_total_bits: u32,
    pub sd_bits: BTreeMap<i64, u32>,
}

fn bit_length(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

impl Bracket {
    /// The bit offset of score difference `d` (0 when unknown).
    pub fn sd(&self, d: i64) -> u32 {
        self.sd_bits.get(&d).copied().unwrap_or(0)
    }

    fn sd_layout(
        players: &[Player],
        mdps: &[usize],
        residents: &[usize],
    ) -> (u32, BTreeMap<i64, u32>) {
        let pts = |i: usize| i64::from(players[i].points);
        let min = residents.last().map_or(0, |&r| pts(r));
        let mut diffs: Vec<i64> = mdps
            .iter()
            .chain(residents)
            .map(|&i| pts(i) - min + 10)
            .collect();
        for &m in mdps {
            let set: std::collections::BTreeSet<i64> =
                residents.iter().map(|&r| pts(m) - pts(r)).collect();
            diffs.extend(set);
        }
        for (i, &r) in residents.iter().enumerate() {
            let set: std::collections::BTreeSet<i64> = residents[i + 1..]
                .iter()
                .map(|&l| pts(r) - pts(l))
                .collect();
            diffs.extend(set);
        }
        let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
        for d in diffs {
            *counts.entry(d).or_default() += 1;
        }
        let mut total = 0;
        let mut out = BTreeMap::new();
        for (d, c) in counts {
            out.insert(d, total);
            total += bit_length(c);
        }
        (total, out)
    }
}

/// The sequence of brackets of one round, from the top score group down.
pub(super) struct Brackets {
    groups: Vec<Vec<usize>>,
    round: usize,
    index: usize,
    collapsed: bool,
    mdps: Vec<usize>,
}

impl Brackets {
    /// Score groups of `players` (sorted best first); `round` is the round being paired.
    pub fn new(players: &mut [Player], round: usize) -> Brackets {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, p) in players.iter().enumerate() {
            match groups.last_mut() {
                Some(g) if players[g[0]].points == p.points => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let b = Brackets {
            groups,
            round,
            index: 0,
            collapsed: false,
            mdps: Vec::new(),
        };
        b.assign_roles(players);
        b
    }

    fn residents(&self) -> Vec<usize> {
        self.groups.get(self.index).cloned().unwrap_or_default()
    }

    fn lower(&self) -> Vec<usize> {
        self.groups.get(self.index + 1).cloned().unwrap_or_default()
    }

    fn assign_roles(&self, players: &mut [Player]) {
        for &m in &self.mdps {
            players[m].role = Role::Mdp;
        }
        for r in self.residents() {
            players[r].role = Role::Resident;
        }
        for l in self.lower() {
            players[l].role = Role::Lower;
        }
    }

    /// Whether every bracket is paired.
    pub fn is_finished(&self) -> bool {
        self.index >= self.groups.len()
    }

    /// The current bracket.
    pub fn current(&self, players: &[Player]) -> Bracket {
        let (mdps, residents, lower) = (self.mdps.clone(), self.residents(), self.lower());
        let (sd_total_bits, sd_bits) = Bracket::sd_layout(players, &mdps, &residents);
        Bracket {
            one_round_played: self.round > 1,
            two_rounds_played: self.round > 2,
            penultimate: self.collapsed,
            last: lower.is_empty(),
            min_score: residents
                .last()
                .map_or(0, |&r| i64::from(players[r].points)),
            bracket_bits: bit_length(residents.len()),
            low_bracket_bits: bit_length(lower.len()),
            sd_total_bits,
            sd_bits,
            mdps,
            residents,
            lower,
        }
    }

    /// Accepts the pairs of the current bracket; the unpaired move down.
    pub fn apply(&mut self, players: &mut [Player], paired: &[usize]) {
        let mut next: Vec<usize> = self.mdps.clone();
        next.extend(self.residents());
        next.retain(|i| !paired.contains(i));
        self.mdps = next;
        self.index += 1;
        self.assign_roles(players);
    }

    /// Makes the current bracket the penultimate one: all lower groups collapse into one.
    pub fn collapse(&mut self, players: &mut [Player]) {
        let rest: Vec<usize> = self.groups[self.index + 1..]
            .iter()
            .flatten()
            .copied()
            .collect();
        self.groups.truncate(self.index + 1);
        self.groups.push(rest);
        self.collapsed = true;
        self.assign_roles(players);
    }
}
