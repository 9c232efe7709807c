//! What the Dutch pairer knows of each player (FIDE C.04.3 A.2–A.7), derived from the history.

use super::{DutchInput, EntryKind};
use std::collections::BTreeSet;

/// A colour preference side: +1 white, -1 black, 0 none.
pub(super) type Side = i8;

/// Float in a past round: up, none or down (A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    Up,
    None,
    Down,
}

/// A player's role in the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Role {
    Lower,
    Resident,
    Mdp,
}

/// One player as the pairing rules see them.
#[derive(Clone, Debug)]
pub(super) struct Player {
    pub number: u32,
    /// Points × 10 (1/½/0 scale).
    pub points: u32,
    pub side: Side,
    /// 0 none, 1 mild, 2 strong, 3 absolute (A.6).
    pub strength: u8,
    pub color_difference: i32,
    pub color_double: bool,
    pub float_1: Float,
    pub float_2: Float,
    pub opponents: BTreeSet<u32>,
    /// Colours of played games in order, `true` = white (Red).
    pub colors: Vec<bool>,
    pub bye_received: bool,
    pub top_scorer: bool,
    pub role: Role,
}

impl Player {
    /// The pairing order key: higher is better ranked (A.2).
    pub fn key(&self) -> (u32, i64) {
        (self.points, -i64::from(self.number))
    }

    /// Whether `self` ranks above `other`.
    pub fn above(&self, other: &Player) -> bool {
        self.key() > other.key()
    }
}

fn color_preference(colors: &[bool]) -> (Side, u8, i32, bool) {
    let whites = colors.iter().filter(|&&c| c).count() as i32;
    let difference = whites - (colors.len() as i32 - whites);
    let double = colors.len() > 1 && colors[colors.len() - 1] == colors[colors.len() - 2];
    let side: Side = if difference > 0 {
        -1
    } else if difference < 0 {
        1
    } else {
        match colors.last() {
            Some(true) => -1,
            Some(false) => 1,
            None => 0,
        }
    };
    let strength = if difference.abs() > 1 || double {
        3
    } else if difference.abs() == 1 {
        2
    } else if side != 0 {
        1
    } else {
        0
    };
    (side, strength, difference, double)
}

/// Points × 10 before each round, then after the last (indexed by round).
fn points_list(input: &DutchInput, idx: usize) -> Vec<u32> {
    let mut out = Vec::new();
    let mut total = 0;
    for e in &input.players[idx].rounds {
        out.push(total);
        total += e.points;
    }
    out.push(total);
    out
}

/// The players to pair this round, with everything the criteria need.
pub(super) fn players(input: &DutchInput) -> Vec<Player> {
    let lists: Vec<Vec<u32>> = (0..input.players.len())
        .map(|i| points_list(input, i))
        .collect();
    let by_number = |n: u32| input.players.iter().position(|p| p.number == n);
    let played = input.rounds_played();
    let last_round = played + 1 == input.total_rounds as usize;
    let max_score = 10 * played as u32;
    let float = |idx: usize, round: isize| -> Float {
        if round < 0 {
            return Float::None;
        }
        let e = &input.players[idx].rounds[round as usize];
        let (EntryKind::Played, Some(opp)) = (e.kind, e.opponent) else {
            return Float::Down;
        };
        let Some(o) = by_number(opp) else {
            return Float::None;
        };
        let (mine, theirs) = (lists[idx][round as usize], lists[o][round as usize]);
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    };
    let mut out = Vec::new();
    for (idx, p) in input.players.iter().enumerate() {
        if !p.present {
            continue;
        }
        let games: Vec<_> = p
            .rounds
            .iter()
            .filter(|e| e.kind == EntryKind::Played)
            .collect();
        let colors: Vec<bool> = games.iter().map(|e| e.white == Some(true)).collect();
        let (side, strength, color_difference, color_double) = color_preference(&colors);
        let points = lists[idx][played];
        out.push(Player {
            number: p.number,
            points,
            side,
            strength,
            color_difference,
            color_double,
            float_1: float(idx, played as isize - 1),
            float_2: float(idx, played as isize - 2),
            opponents: games.iter().filter_map(|e| e.opponent).collect(),
            colors,
            bye_received: p
                .rounds
                .iter()
                .any(|e| matches!(e.kind, EntryKind::PairingBye | EntryKind::ForfeitWin)),
            top_scorer: last_round && points * 2 > max_score,
            role: Role::Resident,
        });
    }
    out.sort_by_key(|p| std::cmp::Reverse(p.key()));
    out
}
