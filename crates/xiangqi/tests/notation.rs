//! WXF and Chinese notation: the worked examples of RULES.md §3.5 and the parser variants of
//! §3.2–3.4.

use xiangqi::notation::{
    parse_any, parse_move, write_chinese, write_move, ChineseDigits, Notation, NotationError,
};
use xiangqi::{Move, Position, START_FEN};

const START_BLACK: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
const ROOK_ADVISOR: &str = "4k4/4a3R/9/9/9/9/9/9/4K4/9 w";
const DOUBLED: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w";
const TWO_ROOKS: &str = "3ak4/4a4/9/9/9/4R4/9/9/4R4/3K5 w";
const THREE_PAWNS: &str = "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w";
const TWO_FILES: &str = "5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w";
const FOUR_PAWNS: &str = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

fn mv(s: &str) -> Move {
    s.parse().expect("ICCS move")
}

/// A RULES.md §3.5 row: ICCS, Chinese, official WXF, then other accepted spellings.
struct Row<'a> {
    iccs: &'a str,
    chinese: &'a str,
    wxf: &'a str,
    also: &'a [&'a str],
}

const fn row<'a>(iccs: &'a str, chinese: &'a str, wxf: &'a str, also: &'a [&'a str]) -> Row<'a> {
    Row {
        iccs,
        chinese,
        wxf,
        also,
    }
}

/// Writes and parses every form of `row` in the position `fen`.
fn check(fen: &str, row: &Row) {
    let p = pos(fen);
    let m = mv(row.iccs);
    assert!(p.is_legal(m), "{fen}: {} not legal", row.iccs);
    assert_eq!(
        write_move(&p, m, Notation::Chinese),
        row.chinese,
        "{fen} {}",
        row.iccs
    );
    assert_eq!(
        write_move(&p, m, Notation::Wxf),
        row.wxf,
        "{fen} {}",
        row.iccs
    );
    assert_eq!(write_move(&p, m, Notation::Iccs), row.iccs);
    assert_eq!(
        parse_move(&p, row.chinese, Notation::Chinese),
        Ok(m),
        "{}",
        row.chinese
    );
    assert_eq!(parse_move(&p, row.wxf, Notation::Wxf), Ok(m), "{}", row.wxf);
    assert_eq!(parse_move(&p, row.iccs, Notation::Iccs), Ok(m));
    for text in [row.chinese, row.wxf, row.iccs].iter().chain(row.also) {
        assert_eq!(parse_any(&p, text).map(|(m, _)| m), Ok(m), "{fen}: {text}");
    }
}

/// Chinese text as Black writes it: file and target numerals become ASCII digits; an ordinal
/// before the piece name (二兵) stays.
fn black_chinese(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let numerals = "一二三四五六七八九";
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let ordinal = i == 0 && chars.get(1).is_some_and(|&n| "兵车马炮".contains(n));
            match numerals.chars().position(|n| n == c) {
                Some(k) if !ordinal => char::from(b'1' + k as u8),
                _ => match c {
                    '兵' => '卒',
                    '相' => '象',
                    '仕' => '士',
                    '帅' => '将',
                    _ => c,
                },
            }
        })
        .collect()
}

/// Checks `row` in `fen` and, mirrored, for Black in the flipped position.
fn check_both_sides(fen: &str, row: &Row) {
    check(fen, row);
    let black = pos(fen).flipped().fen();
    let chinese = black_chinese(row.chinese);
    let iccs = mv(row.iccs).flip().to_string();
    check(&black, &row_owned(&iccs, &chinese, row.wxf));
}

fn row_owned<'a>(iccs: &'a str, chinese: &'a str, wxf: &'a str) -> Row<'a> {
    row(iccs, chinese, wxf, &[])
}

#[test]
fn start_position_red() {
    let rows = [
        row("h2e2", "炮二平五", "C2.5", &["C2=5", "c25"]),
        row("h0g2", "马二进三", "H2+3", &[]),
        row("c0e2", "相七进五", "E7+5", &[]),
        row("h2h9", "炮二进七", "C2+7", &[]),
        row("a0a1", "车九进一", "R9+1", &[]),
        row("g3g4", "兵三进一", "P3+1", &[]),
        row("d0e1", "仕六进五", "A6+5", &[]),
    ];
    for r in &rows {
        check(START_FEN, r);
    }
}

#[test]
fn start_position_black() {
    let rows = [
        row("h9g7", "马8进7", "H8+7", &["h8+7", "马８进７"]),
        row("h7e7", "炮8平5", "C8.5", &["C8=5", "c85"]),
        row("c6c5", "卒3进1", "P3+1", &[]),
        row("i9i8", "车9进1", "R9+1", &[]),
        row("d9e8", "士4进5", "A4+5", &[]),
        row("g9e7", "象7进5", "E7+5", &[]),
    ];
    for r in &rows {
        check(START_BLACK, r);
    }
}

#[test]
fn fairy_stockfish_san_sequence() {
    // FSF get_san_moves: h3e3 h10g8 h1g3 c10e8 a1a3 i10h10 -> C2=5 H8+7 H2+3 E3+5 R9+2 R9=8.
    let uci = ["h3e3", "h10g8", "h1g3", "c10e8", "a1a3", "i10h10"];
    let fsf = ["C2=5", "H8+7", "H2+3", "E3+5", "R9+2", "R9=8"];
    let ours = ["C2.5", "H8+7", "H2+3", "E3+5", "R9+2", "R9.8"];
    let mut p = Position::startpos();
    for ((u, f), o) in uci.iter().zip(fsf).zip(ours) {
        let m = parse_move(&p, u, Notation::Uci).expect("legal UCI");
        assert_eq!(parse_move(&p, f, Notation::Wxf), Ok(m), "{f}");
        assert_eq!(write_move(&p, m, Notation::Wxf), o);
        assert_eq!(parse_any(&p, u), Ok((m, Notation::Uci)));
        p.play_mut(m).expect("legal");
    }
}

#[test]
fn other_positions() {
    let cases: &[(&str, Row)] = &[
        (ROOK_ADVISOR, row("i8e8", "车一平五", "R1.5", &["R1=5"])),
        (ROOK_ADVISOR, row("i8i9", "车一进一", "R1+1", &[])),
        (DOUBLED, row("c4e2", "相七退五", "E7-5", &[])),
        (DOUBLED, row("d0e1", "仕六进五", "A6+5", &[])),
        (DOUBLED, row("b4c6", "前马进七", "H++7", &[])),
        (DOUBLED, row("e5e6", "前兵进一", "P++1", &[])),
        (DOUBLED, row("e3e4", "后兵进一", "P-+1", &[])),
        (TWO_ROOKS, row("e4e7", "前车进三", "R++3", &["+R+3"])),
        (
            TWO_ROOKS,
            row("e1d1", "后车平六", "R-.6", &["R-=6", "-R.6"]),
        ),
        (TWO_ROOKS, row("e1e3", "后车进二", "R-+2", &[])),
        (
            THREE_PAWNS,
            row("e6d6", "前兵平六", "P+.6", &["15=6", "Pa.6", "一兵平六"]),
        ),
        (
            THREE_PAWNS,
            row("e5d5", "中兵平六", "P5.6", &["25=6", "P..6"]),
        ),
        (
            THREE_PAWNS,
            row("e3e4", "后兵进一", "P-+1", &["35+1", "P-+1"]),
        ),
        (
            TWO_FILES,
            row("d6e6", "后六平五", "6-.5", &["26=5", "四兵平五", "Pd.5"]),
        ),
        (
            TWO_FILES,
            row("d7e7", "前六平五", "6+.5", &["16=5", "三兵平五", "Pc.5"]),
        ),
        (
            TWO_FILES,
            row("f5e5", "后四平五", "4-.5", &["24=5", "二兵平五", "Pb.5"]),
        ),
        (TWO_FILES, row("h6h7", "兵二进一", "P2+1", &[])),
        (
            FOUR_PAWNS,
            row("e8e9", "前兵进一", "+++1", &["15+1", "一兵进一"]),
        ),
        (FOUR_PAWNS, row("e7f7", "二兵平四", "P+.4", &["25=4"])),
        (FOUR_PAWNS, row("e6d6", "三兵平六", "P-.6", &["35=6"])),
        (FOUR_PAWNS, row("e5f5", "四兵平四", "--.4", &["45=4"])),
    ];
    for (fen, r) in cases {
        check_both_sides(fen, r);
    }
}

#[test]
fn five_pawns_and_two_files_with_three() {
    // Five pawns on file 5: ++, P+, P5, P-, --; 前 二 三 四 五.
    let five = "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/4K4 w";
    let rows = [
        row("e8d8", "前兵平六", "++.6", &["15=6"]),
        row("e7d7", "二兵平六", "P+.6", &["25=6"]),
        row("e6d6", "三兵平六", "P5.6", &["35=6"]),
        row("e5d5", "四兵平六", "P-.6", &["45=6"]),
        row("e4e5", "五兵平六", "--.6", &[]),
    ];
    for r in &rows[..4] {
        check_both_sides(five, r);
    }
    // The rearmost pawn is on its own half: it can only advance.
    let p = pos(five);
    assert_eq!(
        parse_move(&p, rows[4].wxf, Notation::Wxf),
        Err(NotationError::Illegal("--.6".into()))
    );
    let m = mv("e4e5");
    assert!(!p.is_legal(m));
    assert_eq!(write_move(&p, mv("e6f6"), Notation::Wxf), "P5.4");

    // Three pawns on file 5 and two on file 7 (3+2): 前/中/后 + file, file digit + mark.
    let three_two = "4k4/9/9/2P1P4/2P1P4/4P4/9/9/9/4K4 w";
    let rows = [
        row("e6d6", "前五平六", "5+.6", &["15=6"]),
        row("e5d5", "中五平六", "55.6", &["25=6"]),
        row("e4e5", "后五进一", "5-+1", &[]),
        row("c6b6", "前七平八", "7+.8", &["17=8"]),
        row("c5b5", "后七平八", "7-.8", &["27=8"]),
    ];
    let p = pos(three_two);
    assert!(!p.is_legal(mv("e4e5")), "blocked by its own pawn");
    for r in rows.iter().filter(|r| r.iccs != "e4e5") {
        check_both_sides(three_two, r);
    }
}

#[test]
fn black_full_width_digits() {
    let p = pos(START_BLACK);
    assert_eq!(
        write_chinese(&p, mv("h9g7"), ChineseDigits::FullWidth),
        "马８进７"
    );
    assert_eq!(
        write_chinese(&p, mv("h9g7"), ChineseDigits::Ascii),
        "马8进7"
    );
    let red = Position::startpos();
    assert_eq!(
        write_chinese(&red, mv("h2e2"), ChineseDigits::FullWidth),
        "炮二平五"
    );
    // Crowded Black pawns: position words stay Chinese.
    let p = pos(FOUR_PAWNS).flipped();
    assert_eq!(
        write_chinese(&p, mv("e2d2"), ChineseDigits::FullWidth),
        "二卒平４"
    );
    assert_eq!(
        write_chinese(&p, mv("e2d2"), ChineseDigits::Ascii),
        "二卒平4"
    );
}

#[test]
fn traditional_and_variant_glyphs() {
    let red = Position::startpos();
    for (text, iccs) in [
        ("傌二進三", "h0g2"),
        ("馬二进三", "h0g2"),
        ("俥九進一", "a0a1"),
        ("車九进一", "a0a1"),
        ("砲二平五", "h2e2"),
        ("包二平五", "h2e2"),
        ("兵三進一", "g3g4"),
        ("帥五進一", "e0e1"),
        ("帅5进1", "e0e1"),
        ("仕6进5", "d0e1"),
        ("士六进五", "d0e1"),
        ("象七进五", "c0e2"),
        (" 炮 二 平 五 ", "h2e2"),
        ("炮２平５", "h2e2"),
    ] {
        assert_eq!(
            parse_move(&red, text, Notation::Chinese),
            Ok(mv(iccs)),
            "{text}"
        );
    }
    let black = pos(START_BLACK);
    for (text, iccs) in [
        ("馬8進7", "h9g7"),
        ("马８进７", "h9g7"),
        ("马八进七", "h9g7"),
        ("砲8平5", "h7e7"),
        ("包８平５", "h7e7"),
        ("車9進1", "i9i8"),
        ("將5進1", "e9e8"),
        ("将５进１", "e9e8"),
        ("卒3进1", "c6c5"),
        ("兵3进1", "c6c5"),
    ] {
        assert_eq!(
            parse_move(&black, text, Notation::Chinese),
            Ok(mv(iccs)),
            "{text}"
        );
    }
    let rooks = pos(TWO_ROOKS);
    assert_eq!(
        parse_move(&rooks, "後車平六", Notation::Chinese),
        Ok(mv("e1d1"))
    );
    assert_eq!(
        parse_move(&rooks, "前俥進三", Notation::Chinese),
        Ok(mv("e4e7"))
    );
    // Five-character form with the file.
    let files = pos(TWO_FILES);
    assert_eq!(
        parse_move(&files, "后兵六平五", Notation::Chinese),
        Ok(mv("d6e6"))
    );
    assert_eq!(
        parse_move(&files, "前兵四平五", Notation::Chinese),
        Ok(mv("f6e6"))
    );
    assert_eq!(
        parse_move(&files, "後六平五", Notation::Chinese),
        Ok(mv("d6e6"))
    );
}

#[test]
fn wxf_variants() {
    let red = Position::startpos();
    for (text, iccs) in [
        ("C2.5", "h2e2"),
        ("C2=5", "h2e2"),
        ("C25", "h2e2"),
        ("c2.5", "h2e2"),
        (" C2.5 ", "h2e2"),
        ("Ｃ２．５", "h2e2"),
        ("Ｃ２＝５", "h2e2"),
        ("N2+3", "h0g2"),
        ("n2+3", "h0g2"),
        ("B7+5", "c0e2"),
        ("G5+1", "e0e1"),
        ("K5+1", "e0e1"),
        ("R9+1", "a0a1"),
        // Numeric keypad: 1 K, 2 A, 3 E, 4 H, 5 R, 6 C, 7 P.
        ("15+1", "e0e1"),
        ("26+5", "d0e1"),
        ("37+5", "c0e2"),
        ("42+3", "h0g2"),
        ("59+1", "a0a1"),
        ("62.5", "h2e2"),
        ("73+1", "g3g4"),
    ] {
        assert_eq!(
            parse_move(&red, text, Notation::Wxf),
            Ok(mv(iccs)),
            "{text}"
        );
    }
    let black = pos(START_BLACK);
    for (text, iccs) in [
        ("h8+7", "h9g7"),
        ("c89", "h7i7"),
        ("C8=5", "h7e7"),
        ("p3+1", "c6c5"),
    ] {
        assert_eq!(
            parse_move(&black, text, Notation::Wxf),
            Ok(mv(iccs)),
            "{text}"
        );
    }
    // Older books wrote the file even with two pieces on it; accepted when only one can move so.
    let rooks = pos(TWO_ROOKS);
    assert_eq!(parse_move(&rooks, "R5+3", Notation::Wxf), Ok(mv("e4e7")));
    assert_eq!(
        parse_move(&rooks, "R5.6", Notation::Wxf),
        Err(NotationError::Ambiguous("R5.6".into()))
    );
    // The keypad pawn with a mark and the xqbase middle mark.
    let three = pos(THREE_PAWNS);
    assert_eq!(parse_move(&three, "7+.6", Notation::Wxf), Ok(mv("e6d6")));
    assert_eq!(parse_move(&three, ".P.6", Notation::Wxf), Ok(mv("e5d5")));
    assert_eq!(parse_move(&three, "7c+1", Notation::Wxf), Ok(mv("e3e4")));
}

#[test]
fn advisors_and_elephants_never_use_front_back() {
    let p = pos(DOUBLED);
    // Two advisors on file 6 (d0, d2) and two elephants on file 7 (c0, c4).
    for m in p.legal_moves().iter() {
        let piece = p.piece_at(m.from()).expect("piece");
        if matches!(piece.role, xiangqi::Role::Advisor | xiangqi::Role::Elephant) {
            let w = write_move(&p, *m, Notation::Wxf);
            let c = write_move(&p, *m, Notation::Chinese);
            assert!(w.starts_with('A') || w.starts_with('E'), "{w}");
            assert!(!c.starts_with('前') && !c.starts_with('后'), "{c}");
        }
    }
    assert_eq!(write_move(&p, mv("d2e1"), Notation::Wxf), "A6-5");
    assert_eq!(write_move(&p, mv("c4a2"), Notation::Chinese), "相七退九");
}

#[test]
fn errors() {
    let red = Position::startpos();
    let syntax = |s: &str| Err(NotationError::Syntax(s.to_string()));
    let illegal = |s: &str| Err(NotationError::Illegal(s.to_string()));
    for n in [Notation::Wxf, Notation::Chinese] {
        for text in [
            "",
            " ",
            "hello",
            "C2.",
            "炮二平",
            "炮二平五五五",
            "C0.5",
            "C2.0",
            "X2.5",
            "C2*5",
        ] {
            assert_eq!(parse_move(&red, text, n), syntax(text), "{n} {text}");
        }
    }
    assert_eq!(
        parse_move(&red, "车一进三", Notation::Chinese),
        illegal("车一进三")
    );
    assert_eq!(
        parse_move(&red, "炮二进九", Notation::Chinese),
        illegal("炮二进九")
    );
    assert_eq!(
        parse_move(&red, "前车进一", Notation::Chinese),
        illegal("前车进一")
    );
    assert_eq!(parse_move(&red, "R1+3", Notation::Wxf), illegal("R1+3"));
    assert_eq!(parse_move(&red, "C5.4", Notation::Wxf), illegal("C5.4"));
    assert_eq!(parse_move(&red, "H2+5", Notation::Wxf), illegal("H2+5"));
    // Two crowded files: a position word without the file is ambiguous when both fronts can go.
    let files = pos(TWO_FILES);
    let ambiguous = |s: &str| Err(NotationError::Ambiguous(s.to_string()));
    assert_eq!(parse_move(&files, "P+.5", Notation::Wxf), ambiguous("P+.5"));
    assert_eq!(
        parse_move(&files, "前兵平五", Notation::Chinese),
        ambiguous("前兵平五")
    );
}

#[test]
fn parse_any_detects_the_notation() {
    let red = Position::startpos();
    let m = mv("h2e2");
    assert_eq!(parse_any(&red, "h2e2"), Ok((m, Notation::Iccs)));
    assert_eq!(parse_any(&red, "H2-E2"), Ok((m, Notation::Iccs)));
    assert_eq!(parse_any(&red, "h3e3"), Ok((m, Notation::Uci)));
    assert_eq!(parse_any(&red, "C2.5"), Ok((m, Notation::Wxf)));
    assert_eq!(parse_any(&red, "c2=5"), Ok((m, Notation::Wxf)));
    assert_eq!(parse_any(&red, "Ｃ２．５"), Ok((m, Notation::Wxf)));
    assert_eq!(parse_any(&red, "炮二平五"), Ok((m, Notation::Chinese)));
    // Legal as ICCS (cannon h2-h3), so read as ICCS.
    assert_eq!(parse_any(&red, "h2h3"), Ok((mv("h2h3"), Notation::Iccs)));
    let black = pos(START_BLACK);
    assert_eq!(parse_any(&black, "h10g8"), Ok((mv("h9g7"), Notation::Uci)));
    assert_eq!(
        parse_any(&black, "马8进7"),
        Ok((mv("h9g7"), Notation::Chinese))
    );
    assert_eq!(
        parse_any(&red, "zz"),
        Err(NotationError::Syntax("zz".into()))
    );
    assert_eq!(
        parse_any(&red, "车一进三"),
        Err(NotationError::Illegal("车一进三".into()))
    );
    assert_eq!(
        parse_any(&red, "a0a5"),
        Err(NotationError::Illegal("a0a5".into()))
    );
    let files = pos(TWO_FILES);
    assert_eq!(
        parse_any(&files, "P+.5"),
        Err(NotationError::Ambiguous("P+.5".into()))
    );
}
