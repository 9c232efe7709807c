//! PGN import and export (RULES.md §4.1, §4.2).

use xiangqi::notation::{Notation, NotationError};
use xiangqi::record::pgn::PgnErrorKind;
use xiangqi::record::{parse_pgn, parse_pgn_all, write_pgn, Game};
use xiangqi::{EndReason, GameResult, Move, Position};

/// 柳大华 – 吕钦, 1997 (the example game of XQStudio's `XQF.TXT`), as xqbase writes it
/// (full-width Black digits).
const LIU_LU: &str = r#"[Game "Chinese Chess"]
[Event "\"中立杯\"象棋电视快棋赛"]
[Date "1997.11.16"]
[Site "北京"]
[Red "柳大华"]
[Black "吕  钦"]
[Result "0-1"]

1. 兵七进一 马８进７ 2. 兵三进一 炮２平３
3. 相七进五 马２进１ 4. 马八进七 车１平２
5. 车九平八 车２进４ 6. 炮八平九 车２平８
7. 炮二进五 炮３平８ 8. 马二进三 车９平８
0-1
"#;

const LIU_LU_ICCS: &str =
    "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9";

fn iccs(game: &Game) -> String {
    game.moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn reads_xqbase_chinese_pgn() {
    let g = parse_pgn(LIU_LU).expect("parses");
    assert_eq!(iccs(&g), LIU_LU_ICCS);
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.tags.get("event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(g.tags.get("Black"), Some("吕  钦"));
    assert_eq!(g.tags.get("Game"), None, "derived tags are not kept");
    assert_eq!(g.tags.get("Result"), None);
    assert!(g.starts_from_standard_position());
    g.validate().expect("valid");
}

#[test]
fn writes_chinese_pgn_exactly() {
    let g = parse_pgn(LIU_LU).expect("parses");
    let text = write_pgn(&g, Notation::Chinese).expect("writes");
    let expected = r#"[Game "Chinese Chess"]
[Event "\"中立杯\"象棋电视快棋赛"]
[Date "1997.11.16"]
[Site "北京"]
[Red "柳大华"]
[Black "吕  钦"]
[Result "0-1"]
[Format "Chinese"]

1. 兵七进一 马8进7 2. 兵三进一 炮2平3 3. 相七进五 马2进1 4. 马八进七 车1平2
5. 车九平八 车2进4 6. 炮八平九 车2平8 7. 炮二进五 炮3平8 8. 马二进三 车9平8 0-1
"#;
    assert_eq!(text, expected);
    assert_eq!(parse_pgn(&text).expect("re-reads"), g);
}

#[test]
fn writes_wxf_and_iccs() {
    let g = parse_pgn(LIU_LU).expect("parses");
    let wxf = write_pgn(&g, Notation::Wxf).expect("writes");
    assert!(wxf.contains("[Format \"WXF\"]"), "{wxf}");
    assert!(wxf.contains("1. P7+1 H8+7 2. P3+1 C2.3"), "{wxf}");
    assert_eq!(parse_pgn(&wxf).expect("re-reads"), g);
    let iccs_text = write_pgn(&g, Notation::Iccs).expect("writes");
    assert!(iccs_text.contains("[Format \"ICCS\"]"));
    assert!(
        iccs_text.contains("1. C3-C4 H9-G7 2. G3-G4 B7-C7"),
        "{iccs_text}"
    );
    assert_eq!(parse_pgn(&iccs_text).expect("re-reads"), g);
    // UCI is not a PGN format: written as ICCS.
    assert_eq!(write_pgn(&g, Notation::Uci).expect("writes"), iccs_text);
}

#[test]
fn black_to_move_start_comments_and_reason() {
    let text = "[game \"Chinese Chess\"]\n[FORMAT \"iccs\"]\n\
        [fen \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\
        [Termination \"resignation\"]\n\
        {before} 1. ..... H9-G7 {knight out} 2. H0-G2 (a variation, (nested)) I9-H9 $1 1-0";
    let g = parse_pgn(text).expect("parses");
    assert_eq!(iccs(&g), "h9g7 h0g2 i9h9");
    assert_eq!(g.start.turn(), xiangqi::Color::Black);
    assert_eq!(g.comment(0), Some("before"));
    assert_eq!(g.comment(1), Some("knight out"));
    assert_eq!(g.comment(2), Some("a variation, (nested)"));
    assert_eq!(g.result, GameResult::RedWins);
    assert_eq!(g.reason, Some(EndReason::Resignation));
    assert!(g.tags.is_empty());

    let out = write_pgn(&g, Notation::Iccs).expect("writes");
    assert!(out.contains("[Termination \"resignation\"]\n[Format \"ICCS\"]\n[FEN \""));
    assert!(
        out.contains("{before} 1. ..... H9-G7 {knight out} 2. H0-G2"),
        "{out}"
    );
    assert_eq!(parse_pgn(&out).expect("re-reads"), g);

    let chinese = write_pgn(&g, Notation::Chinese).expect("writes");
    assert!(chinese.contains("1. …… 马8进7"), "{chinese}");
    let wxf = write_pgn(&g, Notation::Wxf).expect("writes");
    assert!(wxf.contains("1. .... H8+7"), "{wxf}");
    assert_eq!(parse_pgn(&chinese).expect("re-reads"), g);
    assert_eq!(parse_pgn(&wxf).expect("re-reads"), g);
}

#[test]
fn xqbase_blank_padding_and_glued_numbers() {
    // Ideographic spaces as padding, move numbers glued to moves, traditional glyphs.
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\
                1.　　　　　 馬８進７ 2.傌二進三 車９平８ *";
    let g = parse_pgn(text).expect("parses");
    assert_eq!(iccs(&g), "h9g7 h0g2 i9h9");
    assert_eq!(g.result, GameResult::Unfinished);
}

#[test]
fn standard_start_has_no_fen_tag() {
    let g = parse_pgn("1. h2e2 *").expect("parses");
    let out = write_pgn(&g, Notation::Iccs).expect("writes");
    assert!(!out.contains("[FEN"));
    let mut other = g.clone();
    other.start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3R w").expect("fen");
    other.moves.clear();
    assert!(write_pgn(&other, Notation::Iccs)
        .expect("writes")
        .contains("[FEN \"3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1\"]"));
}

#[test]
fn several_games() {
    let text = format!(
        "{LIU_LU}\n[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n1. H2-E2 H9-G7 1/2-1/2\n\n\
         [Event \"third, no result token\"]\n1. h2e2"
    );
    let games = parse_pgn_all(&text).expect("parses");
    assert_eq!(games.len(), 3);
    assert_eq!(iccs(&games[0]), LIU_LU_ICCS);
    assert_eq!(iccs(&games[1]), "h2e2 h9g7");
    assert_eq!(games[1].result, GameResult::Draw);
    assert_eq!(games[2].tags.get("Event"), Some("third, no result token"));
    assert_eq!(games[2].moves.len(), 1);
    assert_eq!(parse_pgn_all("  \n").expect("empty"), Vec::<Game>::new());
    assert_eq!(
        parse_pgn("\n").map_err(|e| e.kind),
        Err(PgnErrorKind::NoGame)
    );
}

#[test]
fn result_tag_wins_over_missing_token() {
    let g = parse_pgn("[Result \"1-0\"]\n1. h2e2").expect("parses");
    assert_eq!(g.result, GameResult::RedWins);
    let g = parse_pgn("[Result \"*\"]\n1. h2e2 0-1").expect("parses");
    assert_eq!(g.result, GameResult::BlackWins);
}

/// pychess export (RULES.md §4.2): chess colour names, FSF SAN with ranks 1–10.
#[test]
fn reads_pychess_san() {
    let text = r#"[Event "PyChess rated game"]
[Site "https://www.pychess.org/abcdefgh"]
[Date "2024.05.01"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[TimeControl "300+3"]
[WhiteElo "1650"]
[BlackElo "1600"]
[Variant "Xiangqi"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
[SetUp "1"]

1. Che3 Hg8 2. Hg3 Ri9 3. Ri2 Rh9 4. Cxe7 Hxe7 5. Pg5 Pc6 1-0
"#;
    let g = parse_pgn(text).expect("parses");
    assert_eq!(
        iccs(&g),
        "h2e2 h9g7 h0g2 i9i8 i0i1 i8h8 e2e6 g7e6 g3g4 c6c5"
    );
    assert_eq!(g.tags.get("Red"), Some("alice"));
    assert_eq!(g.tags.get("RedElo"), Some("1650"));
    assert_eq!(g.tags.get("White"), None);
    assert_eq!(g.tags.get("Variant"), None);
    assert_eq!(g.tags.get("TimeControl"), Some("300+3"));
    assert_eq!(g.result, GameResult::RedWins);
}

#[test]
fn ascii_moves_without_format_are_recognised() {
    let g = parse_pgn("1. C2.5 H8+7 2. h0g2 Ri9 *").expect("parses");
    assert_eq!(iccs(&g), "h2e2 h9g7 h0g2 i9i8");
}

#[test]
fn errors_have_positions() {
    let e = parse_pgn("[Format \"ICCS\"]\n1. H2-E2 H9-G7\n2. H2-E9 *").expect_err("illegal");
    assert_eq!((e.line, e.column), (3, 4));
    match e.kind {
        PgnErrorKind::Move { ply, text, error } => {
            assert_eq!(ply, 3);
            assert_eq!(text, "H2-E9");
            assert!(matches!(error, NotationError::Illegal(_)));
        }
        k => panic!("unexpected {k:?}"),
    }
    let e = parse_pgn("[FEN \"rnbakabnr/9/9 w\"]\n1. h2e2").expect_err("bad fen");
    assert!(matches!(e.kind, PgnErrorKind::InvalidFen(_)));
    assert_eq!((e.line, e.column), (1, 1));
    let e = parse_pgn("[Variant \"chess\"]\n1. e4").expect_err("chess");
    assert_eq!(e.kind, PgnErrorKind::UnsupportedVariant("chess".into()));
    let e = parse_pgn("1. h2e2 {open").expect_err("comment");
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 9, PgnErrorKind::UnterminatedComment)
    );
    let e = parse_pgn("1. 炮二平九 *").expect_err("illegal");
    assert!(e.to_string().contains("line 1, column 4: ply 1"), "{e}");
}

#[test]
fn writer_escapes_tags_and_comments() {
    let mut g = parse_pgn("1. h2e2 *").expect("parses");
    g.tags.set("Event", "a \"quoted\" \\ name");
    g.tags.set("Bad Name", "dropped");
    g.add_comment(1, "brace } inside\nand a newline");
    let out = write_pgn(&g, Notation::Iccs).expect("writes");
    assert!(out.contains(r#"[Event "a \"quoted\" \\ name"]"#), "{out}");
    assert!(!out.contains("Bad Name"));
    let back = parse_pgn(&out).expect("re-reads");
    assert_eq!(back.tags.get("Event"), Some("a \"quoted\" \\ name"));
    assert_eq!(back.comment(1), Some("brace ｝ inside\nand a newline"));
}

#[test]
fn writer_rejects_inconsistent_games() {
    let mut g = Game::default();
    g.moves.push("a0a9".parse().expect("move"));
    assert!(write_pgn(&g, Notation::Iccs).is_err());
}
