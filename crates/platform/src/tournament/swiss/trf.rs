//! FIDE Tournament Report File (TRF-16 with the JaVaFo `XX` extensions that bbpPairings and
//! py4swiss read): the state of a Swiss before pairing a round, for audit and for the oracle.

use super::dutch::{DutchInput, EntryKind, RoundEntry};
use std::fmt::Write;

/// Names and ratings to print beside the pairing numbers (optional).
#[derive(Clone, Debug, Default)]
pub struct TrfMeta {
    /// Tournament name (line 012).
    pub name: String,
    /// Display name by pairing number (index `number - 1`).
    pub player_names: Vec<String>,
    /// Rating by pairing number (index `number - 1`).
    pub ratings: Vec<u32>,
}

fn result_code(e: &RoundEntry) -> String {
    let opp = e.opponent.unwrap_or(0);
    let color = match e.white {
        Some(true) => 'w',
        Some(false) => 'b',
        None => '-',
    };
    let r = match e.kind {
        EntryKind::Played => match e.points {
            10 => '1',
            5 => '=',
            _ => '0',
        },
        EntryKind::ForfeitWin => '+',
        EntryKind::ForfeitLoss => '-',
        EntryKind::PairingBye => 'U',
        EntryKind::HalfBye => 'H',
        EntryKind::FullBye => 'F',
        EntryKind::ZeroBye => 'Z',
    };
    match e.kind {
        EntryKind::Played | EntryKind::ForfeitWin | EntryKind::ForfeitLoss if opp > 0 => {
            format!("{opp:>4} {color} {r}")
        }
        _ => format!("0000 - {r}"),
    }
}

/// The TRF text of `input`. Players not present this round get a `Z` entry for it, which is
/// how the format says "not to be paired".
#[must_use]
pub fn write_trf(input: &DutchInput, meta: &TrfMeta) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", meta.name);
    let _ = writeln!(out, "062 {}", input.players.len());
    let _ = writeln!(out, "092 Individual: Swiss-System (FIDE Dutch)");
    let _ = writeln!(out, "XXR {}", input.total_rounds);
    let _ = writeln!(
        out,
        "XXC {}",
        if input.first_white {
            "white1"
        } else {
            "black1"
        }
    );
    for &(a, b) in &input.forbidden {
        let _ = writeln!(out, "XXP {a} {b}");
    }
    let mut players: Vec<_> = input.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let played = input.rounds_played();
    let mut totals: Vec<(u32, u32)> = players
        .iter()
        .map(|p| (p.number, p.rounds.iter().map(|e| e.points).sum()))
        .collect();
    totals.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for p in players {
        let idx = p.number as usize - 1;
        let name = meta.player_names.get(idx).cloned().unwrap_or_default();
        let name: String = name.chars().take(33).collect();
        let rating = meta
            .ratings
            .get(idx)
            .map(|r| r.to_string())
            .unwrap_or_default();
        let points: u32 = p.rounds.iter().map(|e| e.points).sum();
        let rank = totals.iter().position(|t| t.0 == p.number).unwrap_or(0) + 1;
        let _ = write!(
            out,
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>2}.{} {:>4}",
            p.number,
            name,
            rating,
            "",
            "",
            "",
            points / 10,
            points % 10,
            rank
        );
        for e in &p.rounds[..played] {
            let _ = write!(out, "  {}", result_code(e));
        }
        if !p.present {
            let _ = write!(out, "  0000 - Z");
        }
        out.push('\n');
    }
    out
}
