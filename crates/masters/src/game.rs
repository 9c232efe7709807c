//! A master game as the database keeps it: from a record's [`Game`] to a store row, and the key
//! that tells one game filed under several headers.

use crate::names::{search_key, simplified};
use std::collections::HashSet;
use store::{MasterPosition, NewMasterGame};
use xiangqi::record::compact::encode_moves;
use xiangqi::record::Game;
use xiangqi::{GameResult, Position};

/// The dedupe key of a game: FNV-1a (64 bits) of its start, its moves and its result. Headers
/// take no part: CCPD files the same game under player, event and opening with different ones.
#[must_use]
pub fn dedupe_key(game: &Game) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01B3;
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(PRIME);
        }
    };
    eat(game.start_fen().as_bytes());
    eat(&[0xFF]);
    for m in &game.moves {
        eat(&m.to_u16().to_le_bytes());
    }
    eat(&[0xFF]);
    eat(game.result.as_str().as_bytes());
    h
}

/// The year a game was played: the first run of four digits between 1800 and 2100 in its
/// `Date`, else in its `Event` (`張雄飛先負楊官璘(1955.5於北京)`). 0 when neither has one.
#[must_use]
pub fn year_of(game: &Game) -> i64 {
    let find = |s: &str| -> Option<i64> {
        let digits: Vec<char> = s.chars().collect();
        let mut i = 0;
        while i < digits.len() {
            if digits[i].is_ascii_digit() {
                let start = i;
                while i < digits.len() && digits[i].is_ascii_digit() {
                    i += 1;
                }
                if i - start == 4 {
                    let y: String = digits[start..i].iter().collect();
                    if let Ok(y) = y.parse::<i64>() {
                        if (1800..=2100).contains(&y) {
                            return Some(y);
                        }
                    }
                }
            } else {
                i += 1;
            }
        }
        None
    };
    let tag = |n: &str| game.tags.get(n).unwrap_or("");
    find(tag("Date"))
        .or_else(|| find(tag("Event")))
        .unwrap_or(0)
}

/// The store row of `game`, from `source`; `None` for a game without moves (nothing to study)
/// or one whose moves cannot be encoded (never for a validated game).
#[must_use]
pub fn master_row(game: &Game, source: &str) -> Option<NewMasterGame> {
    if game.moves.is_empty() {
        return None;
    }
    let moves = encode_moves(&game.start, &game.moves).ok()?;
    let tag = |n: &str| game.tags.get(n).unwrap_or("").trim().to_owned();
    let (red, black, event) = (tag("Red"), tag("Black"), tag("Event"));
    let code = study::ecco::classify_game(game).or_else(|| tag("ECCO").parse().ok());
    let opening = code.and_then(|c| c.opening());
    Some(NewMasterGame {
        // The bits of the key as a signed column.
        dedupe_key: i64::from_ne_bytes(dedupe_key(game).to_ne_bytes()),
        source: source.to_owned(),
        red_hans: simplified(&red),
        black_hans: simplified(&black),
        red_key: search_key(&red),
        black_key: search_key(&black),
        event_hans: simplified(&event),
        event_key: search_key(&event),
        red,
        black,
        event,
        site: tag("Site"),
        date: tag("Date"),
        round: tag("Round"),
        year: year_of(game),
        result: game.result.as_str().to_owned(),
        ecco: code.map(|c| c.to_string()).unwrap_or_default(),
        opening: opening.map(|o| o.name.to_owned()).unwrap_or_default(),
        opening_en: opening.map(|o| o.english.to_owned()).unwrap_or_default(),
        start_fen: game.start_fen(),
        plies: i64::try_from(game.moves.len()).unwrap_or(i64::MAX),
        moves,
        positions: positions(&game.start, &game.moves),
    })
}

/// Each position of the game once, the first time it is reached, with the move played from it.
#[must_use]
pub fn positions(start: &Position, moves: &[xiangqi::Move]) -> Vec<MasterPosition> {
    let mut seen = HashSet::with_capacity(moves.len() + 1);
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    for ply in 0..=moves.len() {
        let key = position_key(&pos);
        let next = moves.get(ply);
        if seen.insert(key) {
            out.push(MasterPosition {
                key,
                ply: i64::try_from(ply).unwrap_or(i64::MAX),
                next_move: next.map_or(-1, |m| i64::from(m.to_u16())),
            });
        }
        let Some(&m) = next else { break };
        if pos.play_mut(m).is_err() {
            break;
        }
    }
    out
}

pub use store::position_key;

/// The result of a stored result text.
#[must_use]
pub fn parse_result(s: &str) -> GameResult {
    s.parse().unwrap_or(GameResult::Unfinished)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::record::parse_pgn;

    #[test]
    fn headers_do_not_change_the_key_but_moves_and_results_do() {
        let a = parse_pgn("[Red \"胡榮華\"]\n1. h2e2 h9g7 1-0").unwrap();
        let b = parse_pgn("[Red \"胡荣华\"][Event \"x\"]\n1. h2e2 h9g7 1-0").unwrap();
        let c = parse_pgn("1. h2e2 h9g7 0-1").unwrap();
        let d = parse_pgn("1. h2e2 b9c7 1-0").unwrap();
        assert_eq!(dedupe_key(&a), dedupe_key(&b));
        assert_ne!(dedupe_key(&a), dedupe_key(&c));
        assert_ne!(dedupe_key(&a), dedupe_key(&d));
    }

    #[test]
    fn the_year_comes_from_the_date_or_the_event() {
        let g = parse_pgn("[Date \"1955.5\"]\n1. h2e2 *").unwrap();
        assert_eq!(year_of(&g), 1955);
        let g = parse_pgn("[Event \"張雄飛先負楊官璘(1987.5於北京)\"]\n1. h2e2 *").unwrap();
        assert_eq!(year_of(&g), 1987);
        let g = parse_pgn("[Date \"12345\"]\n1. h2e2 *").unwrap();
        assert_eq!(year_of(&g), 0);
    }

    #[test]
    fn a_row_keeps_names_as_written_and_simplified_and_each_position_once() {
        let g = parse_pgn(
            "[Red \"呂欽\"][Black \"許銀川\"][Event \"全國個人賽\"]\n\
             1. h2e2 h9g7 2. h0g2 g7h9 3. g2h0 h9g7 1/2-1/2",
        )
        .unwrap();
        let row = master_row(&g, "test").unwrap();
        assert_eq!((row.red.as_str(), row.red_hans.as_str()), ("呂欽", "吕钦"));
        assert_eq!(row.black_key, "许银川");
        assert_eq!(row.event_hans, "全国个人赛");
        assert_eq!(row.plies, 6);
        // Plies 5 and 6 repeat plies 1 and 2: only the first visit of each counts.
        let plies: Vec<i64> = row.positions.iter().map(|p| p.ply).collect();
        assert_eq!(plies, vec![0, 1, 2, 3, 4]);
        assert_eq!(row.positions[0].next_move, i64::from(g.moves[0].to_u16()));
        assert!(master_row(&parse_pgn("[Red \"x\"]\n*").unwrap(), "t").is_none());
    }
}
