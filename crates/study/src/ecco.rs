//! ECCO opening names (A00–E99): every game, and every position along it, gets a code with its
//! Chinese name and an English gloss.
//!
//! How a line is named:
//!
//! 1. Only games from the standard start position are named (a set-up start has no opening).
//! 2. The first 20 plies are *normalised*: the game is mirrored left–right when its first move off
//!    the centre file is a Red move on files a–d or a Black move on files f–i, so a game and its
//!    mirror image read the same.
//! 3. A position that master games reach by several move orders is named from the transposition
//!    table (mirror-canonical position keys), so those transpositions share one name.
//! 4. Otherwise the rules decide: one decision tree per opening pair of moves (and one for the
//!    rest) over "which move was played at which ply" and "in which round a side first played a
//!    move" — the shape of the ECCO definitions, which look at the first ten rounds, let some
//!    moves come in any order and skip the moves that do not matter.
//!
//! A game's code ([`classify`], the `[ECCO]` tag) is decided by its first 20 plies in the order
//! played, as ECCO defines it; a position's name ([`names_along`]) by the position, so that
//! transpositions share it.
//!
//! The rules and the table (`data/ecco_rules.txt`) are derived by `scripts/ecco_train.py` from
//! the `[ECCO]` tags of the Chinese Chess Practical Dataset (CCPD, Yu-Han Tseng, CC BY 4.0); the
//! Chinese names (`data/ecco_names.tsv`, by `scripts/ecco_names.py`) are the names CCPD games give
//! each code most often, in simplified characters; the English glosses are ours. A code CCPD never
//! names has no name. Agreement with the CCPD tags is measured by `tests/ecco_ccpd.rs`.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use xiangqi::record::Game;
use xiangqi::{Color, Move, Position};

/// How many plies the names look at.
pub const PLIES: usize = 20;

/// An ECCO code: a letter `A`–`E` and a number `00`–`99`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    letter: u8,
    number: u8,
}

impl Code {
    /// The letter (`'A'`–`'E'`): the family (A: non-central openings, B: central cannon against
    /// other defences, C: central cannon against screen horses, D: same/opposite-direction
    /// cannons, E: the pawn opening).
    #[must_use]
    pub fn letter(self) -> char {
        char::from(self.letter)
    }

    /// The number, 0–99.
    #[must_use]
    pub fn number(self) -> u8 {
        self.number
    }

    /// Its name, when the code is one of the ECCO codes and the data names it.
    #[must_use]
    pub fn opening(self) -> Option<&'static Opening> {
        tables().names.get(&self)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.letter(), self.number)
    }
}

/// A string that is not an ECCO code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCodeError(pub String);

impl fmt::Display for ParseCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not an ECCO code (A00–E99)", self.0)
    }
}

impl std::error::Error for ParseCodeError {}

impl FromStr for Code {
    type Err = ParseCodeError;

    fn from_str(s: &str) -> Result<Code, ParseCodeError> {
        let b = s.trim().as_bytes();
        let err = || ParseCodeError(s.to_string());
        if b.len() != 3 || !(b'A'..=b'E').contains(&b[0].to_ascii_uppercase()) {
            return Err(err());
        }
        if !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
            return Err(err());
        }
        Ok(Code {
            letter: b[0].to_ascii_uppercase(),
            number: (b[1] - b'0') * 10 + (b[2] - b'0'),
        })
    }
}

/// A named opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its code.
    pub code: Code,
    /// The opening, in Chinese (`中炮过河车对屏风马平炮兑车`).
    pub name: &'static str,
    /// The variation within it, in Chinese, or empty (`name#variation` in the table; the names
    /// taken from CCPD have none).
    pub variation: &'static str,
    /// An English gloss of name and variation.
    pub english: &'static str,
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.name)?;
        if !self.variation.is_empty() {
            write!(f, " {}", self.variation)?;
        }
        write!(f, " ({})", self.english)
    }
}

/// Every named code with its names, in code order.
#[must_use]
pub fn openings() -> Vec<&'static Opening> {
    let mut v: Vec<_> = tables().names.values().collect();
    v.sort_by_key(|o| o.code);
    v
}

/// The ECCO code of a game ([`classify`] of its moves). `None` for a game from a set-up position
/// or without moves.
#[must_use]
pub fn classify_game(game: &Game) -> Option<Code> {
    if !game.starts_from_standard_position() {
        return None;
    }
    classify(&game.moves)
}

/// The ECCO code of (legal) moves from the standard start position, as the ECCO definitions
/// assign it: by the first [`PLIES`] moves in the order played (`None` without moves). This is the
/// code a game's `[ECCO]` tag carries; [`names_along`] names positions instead.
#[must_use]
pub fn classify(moves: &[Move]) -> Option<Code> {
    if moves.is_empty() {
        return None;
    }
    tables().rules.name(&moves[..moves.len().min(PLIES)])
}

/// The name of every position along the moves from the standard start: entry `k` names the
/// position after `k` moves (`None` at the start position); after [`PLIES`] plies the name stays.
/// A position that the master games reach by several move orders gets one name whichever order
/// reached it (the transposition table); the others are named by [`classify`] of the moves that
/// led there. Stops at the first illegal move.
///
/// The name after 20 plies can differ from the game's [`classify`] code when the game transposed
/// into a position the master games more often reach in another order (3.7 % of the CCPD master
/// games): the code follows the move order, as the ECCO definitions do; the name follows the
/// position.
#[must_use]
pub fn names_along(moves: &[Move]) -> Vec<Option<Code>> {
    let t = tables();
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(None);
    let mut pos = Position::startpos();
    let mut last = None;
    for (i, &mv) in moves.iter().enumerate() {
        if i < PLIES {
            if pos.play_mut(mv).is_err() {
                break;
            }
            let code = t
                .transposed
                .get(&canonical_key(&pos))
                .copied()
                .or_else(|| t.rules.name(&moves[..=i]));
            last = code;
        }
        out.push(last);
    }
    out
}

/// The first [`PLIES`] moves, mirrored left–right when the first move off the centre file is
/// played on Red's left (a Red move on files a–d, or a Black move on files f–i), so that a game
/// and its mirror image normalise alike.
#[must_use]
pub fn normalise(moves: &[Move]) -> Vec<Move> {
    let moves = &moves[..moves.len().min(PLIES)];
    let mut flip = false;
    for (i, m) in moves.iter().enumerate() {
        let (from, to) = (m.from().file().index(), m.to().file().index());
        let f = if from != 4 { from } else { to };
        if f == 4 {
            continue;
        }
        flip = if i % 2 == 0 { f < 4 } else { f > 4 };
        break;
    }
    if flip {
        moves
            .iter()
            .map(|m| Move::new(m.from().mirror(), m.to().mirror()))
            .collect()
    } else {
        moves.to_vec()
    }
}

/// A position key that a position and its left–right mirror share.
#[must_use]
pub fn canonical_key(pos: &Position) -> u64 {
    let keys = piece_keys();
    let (mut k, mut m) = (0u64, 0u64);
    for (sq, p) in pos.pieces() {
        let code = usize::from(p.code());
        k ^= keys[code][sq.index()];
        m ^= keys[code][sq.mirror().index()];
    }
    let side = if pos.turn() == Color::Black {
        0x9E37_79B9_7F4A_7C15
    } else {
        0
    };
    (k ^ side).min(m ^ side)
}

fn piece_keys() -> &'static [[u64; 90]; 16] {
    static KEYS: OnceLock<[[u64; 90]; 16]> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut t = [[0u64; 90]; 16];
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for row in &mut t {
            for v in row.iter_mut() {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                *v = z ^ (z >> 31);
            }
        }
        t
    })
}

/// A decision-tree node.
#[derive(Clone, Copy, Debug)]
enum Node {
    /// Right when `mv` is played at `ply` of the normalised game.
    Played {
        ply: u8,
        mv: Move,
        left: u32,
        right: u32,
    },
    /// Left when (the round `side` first played `mv`) − 10, or 0 when it did not, is ≤ `at_most`.
    First {
        side: u8,
        mv: Move,
        at_most: i8,
        left: u32,
        right: u32,
    },
    Leaf(Code),
}

#[derive(Default)]
struct Rules {
    /// Trees by the normalised first two moves; `None` for the rest.
    trees: HashMap<Option<(Move, Move)>, Vec<Node>>,
}

impl Rules {
    fn name(&self, moves: &[Move]) -> Option<Code> {
        let norm = normalise(moves);
        let group = match norm.as_slice() {
            [a, b, ..] => Some((*a, *b)),
            _ => None,
        };
        let tree = self.trees.get(&group).or_else(|| self.trees.get(&None))?;
        let first = |side: u8, mv: Move| -> i32 {
            norm.iter()
                .enumerate()
                .find(|&(i, &m)| i % 2 == usize::from(side) && m == mv)
                .map_or(0, |(i, _)| (i / 2) as i32 - 10)
        };
        let mut i = 0usize;
        loop {
            i = match *tree.get(i)? {
                Node::Leaf(code) => return Some(code),
                Node::Played {
                    ply,
                    mv,
                    left,
                    right,
                } => {
                    if norm.get(usize::from(ply)) == Some(&mv) {
                        right as usize
                    } else {
                        left as usize
                    }
                }
                Node::First {
                    side,
                    mv,
                    at_most,
                    left,
                    right,
                } => {
                    if first(side, mv) <= i32::from(at_most) {
                        left as usize
                    } else {
                        right as usize
                    }
                }
            };
        }
    }
}

struct Tables {
    rules: Rules,
    transposed: HashMap<u64, Code>,
    names: HashMap<Code, Opening>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let (rules, transposed) = parse_rules(include_str!("../data/ecco_rules.txt"));
        Tables {
            rules,
            transposed,
            names: parse_names(include_str!("../data/ecco_names.tsv")),
        }
    })
}

/// Reads `data/ecco_rules.txt` (its format is in its header). The file is part of the crate, so a
/// malformed line is a build defect: the unit tests read it whole.
fn parse_rules(text: &str) -> (Rules, HashMap<u64, Code>) {
    let mut rules = Rules::default();
    let mut transposed = HashMap::new();
    let mut current: Option<Option<(Move, Move)>> = None;
    let mv = |s: &str| s.parse::<Move>().expect("ecco_rules.txt: a move");
    let num = |s: &str| s.parse::<u32>().expect("ecco_rules.txt: a number");
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.as_slice() {
            [] => {}
            [c, ..] if c.starts_with('#') => {}
            ["tree", "other"] => current = Some(None),
            ["tree", a, b] => current = Some(Some((mv(a), mv(b)))),
            ["fen", board, side, code] => {
                let pos = Position::from_fen(&format!("{board} {side} - - 0 1"))
                    .expect("ecco_rules.txt: a FEN");
                transposed.insert(canonical_key(&pos), code.parse().expect("a code"));
            }
            [id, rest @ ..] => {
                let key = current.expect("ecco_rules.txt: a node before any tree");
                let nodes = rules.trees.entry(key).or_default();
                assert_eq!(num(id) as usize, nodes.len(), "ecco_rules.txt: node order");
                nodes.push(match rest {
                    ["=", code] => Node::Leaf(code.parse().expect("a code")),
                    ["p", ply, m, l, r] => Node::Played {
                        ply: ply.parse().expect("a ply"),
                        mv: mv(m),
                        left: num(l),
                        right: num(r),
                    },
                    ["f", side, m, t, l, r] => Node::First {
                        side: side.parse().expect("a side"),
                        mv: mv(m),
                        at_most: t.parse().expect("a threshold"),
                        left: num(l),
                        right: num(r),
                    },
                    _ => panic!("ecco_rules.txt: bad line {line}"),
                });
            }
        }
    }
    (rules, transposed)
}

/// Reads `data/ecco_names.tsv`: `code \t name[#variation] \t English \t source`; a code with an
/// empty name (no name for it in the data) is left out.
fn parse_names(text: &'static str) -> HashMap<Code, Opening> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| !l.split('\t').nth(1).unwrap_or("").is_empty())
        .map(|l| {
            let mut f = l.split('\t');
            let code: Code = f
                .next()
                .unwrap_or("")
                .parse()
                .expect("ecco_names.tsv: code");
            let zh = f.next().unwrap_or("");
            let english = f.next().unwrap_or("");
            let (name, variation) = zh.split_once('#').unwrap_or((zh, ""));
            (
                code,
                Opening {
                    code,
                    name,
                    variation,
                    english,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::{parse_move, Notation};

    /// Chinese moves from the start position.
    fn line(text: &str) -> Vec<Move> {
        let mut pos = Position::startpos();
        text.split_whitespace()
            .map(|t| {
                let m = parse_move(&pos, t, Notation::Chinese).expect(t);
                pos.play_mut(m).expect("legal");
                m
            })
            .collect()
    }

    fn mirrored(moves: &[Move]) -> Vec<Move> {
        moves
            .iter()
            .map(|m| Move::new(m.from().mirror(), m.to().mirror()))
            .collect()
    }

    #[test]
    fn the_tables_read_whole() {
        let t = tables();
        assert!(t.rules.trees.len() > 10);
        assert!(t.rules.trees.contains_key(&None));
        assert!(t.names.len() >= 250);
        for o in openings() {
            assert!(!o.name.is_empty() && !o.english.is_empty(), "{}", o.code);
        }
        // Every code a rule yields has a name from the data.
        for nodes in t.rules.trees.values() {
            for n in nodes {
                if let Node::Leaf(c) = n {
                    assert!(c.opening().is_some(), "{c} has no name");
                }
            }
        }
    }

    #[test]
    fn codes_parse_and_print() {
        let c: Code = "c44".parse().unwrap();
        assert_eq!(c.to_string(), "C44");
        assert_eq!((c.letter(), c.number()), ('C', 44));
        assert!("F00".parse::<Code>().is_err());
        assert!("C4".parse::<Code>().is_err());
    }

    #[test]
    fn a_known_opening() {
        // 中炮过河车对屏风马平炮兑车 (the name CCPD gives C44 most often).
        let moves = line(
            "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 \
             车二平三 炮9退1 马八进七 士4进5 马七进六 炮9平7 车三平四 象7进5 马六进七 炮2进4",
        );
        let code = classify(&moves).unwrap();
        assert_eq!(code.to_string(), "C44");
        let o = code.opening().unwrap();
        assert_eq!(o.name, "中炮过河车对屏风马平炮兑车");
        assert!(o.english.contains("Central Cannon"), "{}", o.english);
        // The pawn opening and the elephant opening.
        assert_eq!(classify(&line("兵七进一 卒7进1")).unwrap().letter(), 'E');
        assert_eq!(classify(&line("相三进五 炮8平4")).unwrap().letter(), 'A');
        // Every position along the game is named; the names stay after 20 plies.
        let along = names_along(&moves);
        assert_eq!(along.len(), moves.len() + 1);
        assert_eq!(along[0], None);
        assert!(along[1..].iter().all(Option::is_some));
    }

    #[test]
    fn a_mirrored_game_gets_the_same_code() {
        for text in [
            "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9",
            "兵七进一 卒7进1 炮二平五 象3进5 马二进三 马2进3 车一平二 车1平2",
            "炮八平五 炮2平5 马八进七 马2进3 车九平八 车1进1",
            "兵五进一 炮8平5 马二进三 马8进7",
        ] {
            let moves = line(text);
            assert_eq!(classify(&moves), classify(&mirrored(&moves)), "{text}");
            assert_eq!(
                names_along(&moves),
                names_along(&mirrored(&moves)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_transposition_reaches_the_same_name() {
        // The pawn and the horse played in either order: the same position after
        // four plies, and the same name there.
        let a = line("兵七进一 卒7进1 马八进七 马8进7");
        let b = line("马八进七 马8进7 兵七进一 卒7进1");
        let mut pa = Position::startpos();
        let mut pb = Position::startpos();
        for (x, y) in a.iter().zip(&b) {
            pa.play_mut(*x).unwrap();
            pb.play_mut(*y).unwrap();
        }
        assert_eq!(canonical_key(&pa), canonical_key(&pb));
        assert_eq!(names_along(&a)[4], names_along(&b)[4]);
        // And mirrored.
        assert_eq!(names_along(&a)[4], names_along(&mirrored(&b))[4]);
    }

    #[test]
    fn set_up_starts_have_no_opening() {
        let mut g = Game::new(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap());
        g.moves.clear();
        assert_eq!(classify_game(&g), None);
        assert_eq!(classify(&[]), None);
    }
}
