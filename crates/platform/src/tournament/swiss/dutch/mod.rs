//! The FIDE Dutch system (C.04.3, as in force until 31 January 2026), Red in the role of White.
//!
//! Brackets are paired top-down. Within a bracket, every candidate pairing is scored by one wide
//! integer whose bit fields hold the quality criteria C.5–C.19 in priority order (the highest
//! field the most important), so a maximum-weight matching is a best candidate; the order of
//! generation (D.1–D.3: S1 composition, exchanges, transpositions) is then fixed one player at a
//! time by small weight changes below those fields. A validity matcher checks that the players
//! left after each bracket can still be paired (C.1–C.3, A.9), or else the lower groups collapse.
//! This follows the method of bbpPairings and py4swiss (whose pairings the oracle test compares
//! with); the code is our own.

mod bracket;
mod colors;
mod criteria;
mod matcher;
mod pairer;
mod player;

use crate::tournament::matching::{Weight, Wide};
use bracket::Brackets;
use matcher::ValidityMatcher;
use player::Player;
use serde::{Deserialize, Serialize};

/// What a player's entry for one past round was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryKind {
    /// A game played over the board.
    Played,
    /// Won by forfeit (counts as having had a bye, C.2).
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
    /// The pairing-allocated bye.
    PairingBye,
    /// A requested half-point bye (e.g. a late entry's missed rounds).
    HalfBye,
    /// A full-point bye given by the organiser.
    FullBye,
    /// Not paired: absent or withdrawn.
    ZeroBye,
}

/// One past round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEntry {
    /// What happened.
    pub kind: EntryKind,
    /// The opponent's pairing number, for games and forfeits.
    pub opponent: Option<u32>,
    /// Whether the player had White (Red), for games and forfeits.
    pub white: Option<bool>,
    /// Points scored, × 10 (win 10, draw 5, loss 0).
    pub points: u32,
}

/// One player of the pairing input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DutchPlayer {
    /// Pairing number (1 = top of the initial order), unique.
    pub number: u32,
    /// One entry per round already played.
    pub rounds: Vec<RoundEntry>,
    /// Whether the player is to be paired this round.
    pub present: bool,
}

/// The input of one round's pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DutchInput {
    /// Every player of the event (those not present still count for their opponents' floats).
    pub players: Vec<DutchPlayer>,
    /// The planned number of rounds.
    pub total_rounds: u32,
    /// Pairs that must not meet (pairing numbers).
    pub forbidden: Vec<(u32, u32)>,
    /// Whether pairing number 1 gets White (Red) by E.5 in round 1.
    pub first_white: bool,
}

impl DutchInput {
    /// The number of rounds already played (the fewest entries of any player).
    #[must_use]
    pub fn rounds_played(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .min()
            .unwrap_or(0)
    }
}

/// One board of a round: `black == None` is the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Red (White) pairing number.
    pub red: u32,
    /// Black pairing number, or `None` for the bye.
    pub black: Option<u32>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    /// No pairing satisfies the absolute criteria (e.g. everyone has met everyone).
    #[error("no valid pairing exists")]
    NoValidPairing,
    /// A bracket is too large for the weight width.
    #[error("bracket too large to pair")]
    TooLarge,
}

/// The integer operations the weights need beyond [`Weight`].
pub(super) trait Field: Weight {
    fn small(v: i64) -> Self;
    fn shl(self, k: u32) -> Self;
    fn is_zero(self) -> bool;
}

impl<const N: usize> Field for Wide<N> {
    fn small(v: i64) -> Self {
        Wide::from_i64(v)
    }
    fn shl(self, k: u32) -> Self {
        Wide::shifted_left(self, k)
    }
    fn is_zero(self) -> bool {
        Wide::is_zero(self)
    }
}

/// Pairs the next round by the Dutch system.
///
/// # Errors
/// [`DutchError::NoValidPairing`] if the absolute criteria cannot all be met.
pub fn pair_round(input: &DutchInput) -> Result<Vec<Board>, DutchError> {
    let mut players = player::players(input);
    let round = input.rounds_played() + 1;
    let mut validity = ValidityMatcher::new(&players, &input.forbidden);
    if !validity.is_valid() {
        return Err(DutchError::NoValidPairing);
    }
    let mut brackets = Brackets::new(&mut players, round);
    let mut pairs = Vec::new();
    while !brackets.is_finished() {
        let b = brackets.current(&players);
        let bits = criteria::total_bits(&b) + 2;
        let args = (
            &players[..],
            &b,
            &mut validity,
            &input.forbidden[..],
            input.first_white,
        );
        let got = match bits {
            0..=126 => pairer::pair_bracket::<Wide<2>>(args.0, args.1, args.2, args.3, args.4),
            127..=254 => pairer::pair_bracket::<Wide<4>>(args.0, args.1, args.2, args.3, args.4),
            255..=510 => pairer::pair_bracket::<Wide<8>>(args.0, args.1, args.2, args.3, args.4),
            511..=1022 => pairer::pair_bracket::<Wide<16>>(args.0, args.1, args.2, args.3, args.4),
            1023..=2046 => pairer::pair_bracket::<Wide<32>>(args.0, args.1, args.2, args.3, args.4),
            _ => return Err(DutchError::TooLarge),
        };
        match got {
            None => brackets.collapse(&mut players),
            Some(bp) => {
                let paired: Vec<usize> = bp.iter().flat_map(|&(a, b)| [a, b]).collect();
                brackets.apply(&mut players, &paired);
                pairs.extend(bp);
            }
        }
    }
    Ok(boards(&players, pairs))
}

/// Boards in publishing order (D.9): by the higher player's score, the pair's total, then the
/// higher player's rank; the bye last.
fn boards(players: &[Player], pairs: Vec<(usize, usize)>) -> Vec<Board> {
    let key = |&(a, b): &(usize, usize)| -> (i64, i64, i64) {
        if a == b {
            return (-1, -1, -1);
        }
        let (mut hi, mut lo) = (&players[a], &players[b]);
        if lo.above(hi) {
            std::mem::swap(&mut hi, &mut lo);
        }
        (
            i64::from(hi.points),
            i64::from(lo.points),
            -i64::from(hi.number),
        )
    };
    let mut pairs = pairs;
    pairs.sort_by_key(|p| std::cmp::Reverse(key(p)));
    pairs
        .into_iter()
        .map(|(a, b)| Board {
            red: players[a].number,
            black: (a != b).then(|| players[b].number),
        })
        .collect()
}
