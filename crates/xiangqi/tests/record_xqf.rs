//! XQF import (RULES.md §4.5): the example file of XQStudio's format description, a hand-built
//! obfuscated file, and round trips through a test-only encoder for v1.0, v1.1 and v1.2.

use proptest::prelude::*;
use xiangqi::record::xqf::XqfErrorKind;
use xiangqi::record::{read_xqf, Game};
use xiangqi::{Color, GameResult, Move, Position, Role, Square};

/// Decodes header strings as upper-case hex, so that tests can check the exact bytes without a
/// GBK table (the CLI tests decode real GBK).
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

fn utf8(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn iccs(game: &Game) -> String {
    game.moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// 柳大华 – 吕钦 as printed byte by byte in `XQF.TXT` (XQF 1.0, 1160 bytes).
#[test]
fn reads_the_format_description_example() {
    let bytes = include_bytes!("data/liu_lu_v10.xqf");
    let g = read_xqf(bytes, &hex).expect("reads");
    assert_eq!(
        iccs(&g),
        "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9"
    );
    assert_eq!(g.result, GameResult::BlackWins);
    assert!(g.starts_from_standard_position());
    // 柳大华, 吕  钦, 北京 in GBK.
    assert_eq!(g.tags.get("Red"), Some("C1F8B4F3BBAA"));
    assert_eq!(g.tags.get("Black"), Some("C2C02020C7D5"));
    assert_eq!(g.tags.get("Site"), Some("B1B1BEA9"));
    assert_eq!(g.tags.get("Date"), Some("31393937C4EA3131D4C23136C8D5"));
    assert!(g.tags.get("Title").is_some_and(|t| t.len() == 32));
    assert!(g.tags.get("Event").is_some_and(|t| t.len() == 44));
    assert!(g.tags.get("Annotator").is_some());
    assert!(g.tags.get("Author").is_some());
    assert!(g.comments.is_empty());
}

/// An obfuscated v1.2 file built by hand, every byte derived below.
///
/// Header: `XQ`, version 12, key mask `h[3] = 0xFF`, `KeyOr` bytes `h[8..12] = 0`, key bytes
/// `h[12..16] = 1, 2, 3, 4`; record type 0 (standard start), result 1 (Red wins).
///
/// * piece key = (54·2² + 221)·2 mod 256 = 874 mod 256 = 0x6A;
/// * source key = (54·3² + 221)·0x6A mod 256 = 707·106 mod 256 = 74942 mod 256 = 0xBE;
/// * destination key = (54·4² + 221)·0xBE mod 256 = 1085·190 mod 256 = 206150 mod 256 = 0x46;
/// * comment key = (1·256 + 2) mod 32000 + 767 = 1025;
/// * key bytes `h[8+i] | (h[12+i] & h[3])` = 1, 2, 3, 4; keystream `i` = key[i % 4] & MASK[i]
///   with MASK = `[(C) Copyright Mr. Dong Shiwei.]`:
///   `[`=0x5B→1, `(`=0x28→0, `C`=0x43→3, `)`=0x29→0, ` `=0x20→0, `C`=0x43→2, `o`=0x6F→3,
///   `p`=0x70→0, `y`=0x79→1, `r`=0x72→2, `i`=0x69→1, `g`=0x67→4, `h`=0x68→0, `t`=0x74→0.
///
/// Plain move area (then each byte plus its keystream byte):
/// * record 0 (the dummy move from point 0 to point 0): 0+24+0xBE = 0xD6, 0+32+0x46 = 0x66, flag
///   0x80 (another move follows, no comment) → `D6 66 80 00` + `01 00 03 00` = `D7 66 83 00`;
/// * record 1, h2e2 with comment "ok": from h2 = 7·10+2 = 72, 72+24+0xBE = 286 → 0x1E; to e2 = 42,
///   42+32+0x46 = 144 = 0x90; flag 0x20 (comment, last move) → `1E 90 20 00` + `00 02 03 00` =
///   `1E 92 23 00`; comment length 2 + 1025 = 0x0403 → `03 04 00 00` + `01 02 01 04` =
///   `04 06 01 04`; text `6F 6B` + `00 00` = `6F 6B`.
#[test]
fn reads_a_hand_built_obfuscated_file() {
    let mut bytes = vec![0u8; 0x400];
    bytes[..3].copy_from_slice(b"XQ\x0C");
    bytes[3] = 0xFF;
    bytes[12..16].copy_from_slice(&[1, 2, 3, 4]);
    bytes[0x33] = 1;
    bytes.extend_from_slice(&[0xD7, 0x66, 0x83, 0x00]);
    bytes.extend_from_slice(&[0x1E, 0x92, 0x23, 0x00, 0x04, 0x06, 0x01, 0x04, 0x6F, 0x6B]);
    let g = read_xqf(&bytes, &utf8).expect("reads");
    assert_eq!(iccs(&g), "h2e2");
    assert_eq!(g.comment(1), Some("ok"));
    assert_eq!(g.result, GameResult::RedWins);

    // The test encoder produces the same move area.
    let mut game = Game::default();
    game.moves.push("h2e2".parse().expect("move"));
    game.add_comment(1, "ok");
    game.result = GameResult::RedWins;
    let encoded = encode(&game, 12, [0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
    assert_eq!(&encoded[0x400..], &bytes[0x400..]);
}

/// Writes `game` as XQF `version`; `key` = header bytes 3..16 (used from v1.1 on).
///
/// Test-only: strings are written as UTF-8 and must fit their fields.
fn encode(game: &Game, version: u8, key: [u8; 13]) -> Vec<u8> {
    const MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
    const ROLES: [Role; 16] = [
        Role::Chariot,
        Role::Horse,
        Role::Elephant,
        Role::Advisor,
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Cannon,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
    ];
    let mut h = vec![0u8; 0x400];
    h[..3].copy_from_slice(&[b'X', b'Q', version]);
    let encrypted = version >= 11;
    if encrypted {
        h[3..16].copy_from_slice(&key);
    }
    let f = |x: u8, y: u8| ((54 * u32::from(x) * u32::from(x) + 221) * u32::from(y)) as u8;
    let (piece_key, src_key, dst_key, comment_key, stream) = if encrypted {
        let p = f(h[13], h[13]);
        let s = f(h[14], p);
        let d = f(h[15], s);
        let c = (u32::from(h[12]) * 256 + u32::from(h[13])) % 32000 + 767;
        let k: Vec<u8> = (0..4).map(|i| h[8 + i] | (h[12 + i] & h[3])).collect();
        let stream: Vec<u8> = (0..32).map(|i| k[i % 4] & MASK[i]).collect();
        (p, s, d, c, stream)
    } else {
        (0, 0, 0, 0, vec![0; 32])
    };

    // Piece table: fill each colour's slots in order.
    let mut slots = [0xFFu8; 32];
    for (sq, piece) in game.start.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let i = (0..16)
            .find(|&i| ROLES[i] == piece.role && slots[base + i] == 0xFF)
            .expect("free slot");
        slots[base + i] = u8::from(sq.file()) * 10 + u8::from(sq.rank());
    }
    for i in 0..32 {
        let slot = if version >= 12 {
            (usize::from(piece_key) + 1 + i) % 32
        } else {
            i
        };
        h[0x10 + i] = slots[slot].wrapping_add(piece_key);
    }
    h[0x33] = match game.result {
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
        GameResult::Unfinished => 0,
    };
    let standard = game.start.board_fen() == Position::startpos().board_fen();
    h[0x40] = if standard { 0 } else { 3 };
    for (offset, name) in [(0x50, "Title"), (0x130, "Red"), (0x140, "Black")] {
        if let Some(v) = game.tags.get(name) {
            h[offset] = v.len() as u8;
            h[offset + 1..offset + 1 + v.len()].copy_from_slice(v.as_bytes());
        }
    }

    // Move area, in plain text first.
    let byte = |sq: Square| u8::from(sq.file()) * 10 + u8::from(sq.rank());
    let mut body = Vec::new();
    for record in 0..=game.moves.len() {
        let (from, to) = match record {
            0 => (0, 0),
            r => (byte(game.moves[r - 1].from()), byte(game.moves[r - 1].to())),
        };
        let more = record < game.moves.len();
        let comment = game.comment(record).unwrap_or("").as_bytes();
        body.push(from.wrapping_add(24).wrapping_add(src_key));
        body.push(to.wrapping_add(32).wrapping_add(dst_key));
        if encrypted {
            let flag = if more { 0x80 } else { 0 } | if comment.is_empty() { 0 } else { 0x20 };
            body.extend_from_slice(&[flag, 0]);
            if !comment.is_empty() {
                let len = comment.len() as u32 + comment_key;
                body.extend_from_slice(&len.to_le_bytes());
            }
        } else {
            body.extend_from_slice(&[if more { 0xF0 } else { 0 }, 0]);
            body.extend_from_slice(&(comment.len() as u32).to_le_bytes());
        }
        body.extend_from_slice(comment);
    }
    for (i, b) in body.iter_mut().enumerate() {
        *b = b.wrapping_add(stream[i % 32]);
    }
    h.extend_from_slice(&body);
    h
}

fn sample_game(fen: &str, moves: &str) -> Game {
    let mut g = Game::new(Position::from_fen(fen).expect("fen"));
    for m in moves.split_whitespace() {
        g.push(m.parse().expect("move")).expect("legal");
    }
    g
}

#[test]
fn round_trips_every_version() {
    let endgame = "3k5/4a4/4b4/9/9/9/9/4B4/4A4/2R1K4 b";
    let mut g = sample_game(endgame, "d9d8 c0d0 e8d7");
    g.add_comment(0, "before");
    g.add_comment(2, "second");
    g.result = GameResult::RedWins;
    g.tags.set("Title", "endgame");
    g.tags.set("Red", "red");
    for version in [10, 11, 12, 18] {
        let bytes = encode(
            &g,
            version,
            [0x3C, 7, 7, 7, 7, 0x11, 0x22, 0x33, 0x44, 9, 200, 77, 3],
        );
        let back = read_xqf(&bytes, &utf8).expect("reads");
        assert_eq!(back, g, "version {version}");
    }
}

#[test]
fn variations_after_the_main_line_are_ignored() {
    let g = sample_game(xiangqi::START_FEN, "h2e2 h9g7");
    let mut bytes = encode(&g, 10, [0; 13]);
    // Last main-line record: flag 0x0F (a variation follows), then a variation record.
    let last = bytes.len() - 8;
    bytes[last + 2] = 0x0F;
    bytes.extend_from_slice(&[0x18 + 10, 0x20 + 22, 0x00, 0, 0, 0, 0, 0]);
    let back = read_xqf(&bytes, &utf8).expect("reads");
    assert_eq!(iccs(&back), "h2e2 h9g7");
}

#[test]
fn malformed_files_give_positions() {
    let g = sample_game(xiangqi::START_FEN, "h2e2 h9g7 h0g2");
    let bytes = encode(&g, 10, [0; 13]);
    // Truncated inside the third move.
    let e = read_xqf(&bytes[..bytes.len() - 3], &utf8).expect_err("truncated");
    assert_eq!((e.offset, e.kind), (0x400 + 24, XqfErrorKind::Truncated));
    // An illegal second move.
    let mut bad = bytes.clone();
    bad[0x400 + 16] = 24 + 40; // from e0: the king cannot reach g7
    let e = read_xqf(&bad, &utf8).expect_err("illegal");
    assert_eq!(e.offset, 0x400 + 16);
    assert!(matches!(e.kind, XqfErrorKind::IllegalMove { ply: 2, .. }));
    // A point off the board.
    let mut bad = bytes.clone();
    bad[0x400 + 9] = 32 + 95;
    let e = read_xqf(&bad, &utf8).expect_err("off board");
    assert_eq!(e.kind, XqfErrorKind::BadSquare { ply: 1 });
    // A comment longer than the file.
    let mut bad = bytes;
    bad[0x400 + 4] = 0xFF;
    let e = read_xqf(&bad, &utf8).expect_err("long comment");
    assert_eq!((e.offset, e.kind), (0x400, XqfErrorKind::Truncated));
    // Two pieces on one point in a set-up position.
    let mut setup = encode(&sample_game("3k5/9/9/9/9/9/9/9/9/4K3R w", ""), 10, [0; 13]);
    setup[0x10] = setup[0x10 + 4];
    let e = read_xqf(&setup, &utf8).expect_err("collision");
    assert_eq!(e.kind, XqfErrorKind::PieceCollision);
}

/// A random legal game from `seeds` (each picks one legal move), starting at `fen`.
fn random_game(fen: &str, seeds: &[u16]) -> Game {
    let mut g = Game::new(Position::from_fen(fen).expect("fen"));
    let mut pos = g.start.clone();
    for &s in seeds {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(s) % moves.len()];
        pos.play_mut(m).expect("legal");
        g.moves.push(m);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn encoded_games_round_trip(
        seeds in prop::collection::vec(any::<u16>(), 0..80),
        version in prop::sample::select(vec![10u8, 11, 12, 16]),
        key in any::<[u8; 13]>(),
        comment_at in any::<u8>(),
        black_first in any::<bool>(),
    ) {
        let fen = if black_first {
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
        } else {
            xiangqi::START_FEN
        };
        let mut g = random_game(fen, &seeds);
        let ply = usize::from(comment_at) % (g.moves.len() + 1);
        g.add_comment(ply, "注释 comment");
        let bytes = encode(&g, version, key);
        let back = read_xqf(&bytes, &utf8).expect("reads");
        prop_assert_eq!(back.moves, g.moves);
        prop_assert_eq!(back.comments, g.comments);
        prop_assert_eq!(back.start.board_fen(), g.start.board_fen());
    }

    #[test]
    fn arbitrary_bytes_never_panic(
        body in prop::collection::vec(any::<u8>(), 0..1400),
        version in any::<u8>(),
    ) {
        let mut bytes = b"XQ".to_vec();
        bytes.push(version);
        bytes.extend_from_slice(&body);
        let _ = read_xqf(&bytes, &utf8);
        let _ = read_xqf(&body, &utf8);
    }

    #[test]
    fn mutated_files_never_panic(
        seeds in prop::collection::vec(any::<u16>(), 0..30),
        version in prop::sample::select(vec![10u8, 12]),
        edits in prop::collection::vec((any::<u16>(), any::<u8>()), 1..8),
        cut in any::<u16>(),
    ) {
        let g = random_game(xiangqi::START_FEN, &seeds);
        let mut bytes = encode(&g, version, [0x5A; 13]);
        for (at, b) in edits {
            let i = usize::from(at) % bytes.len();
            bytes[i] = b;
        }
        let keep = bytes.len() - usize::from(cut) % 64.min(bytes.len());
        let _ = read_xqf(&bytes[..keep], &utf8);
    }
}
