//! Collections as people have them: xqbase's trailers, several games per file, broken games.

use xiangqi::record::{parse_pgn, parse_pgn_all, read_collection};
use xiangqi::GameResult;

/// A game shaped like xqbase's files (CCGC 2006), trailer included.
const XQBASE: &str = "[Game \"Chinese Chess\"]\r\n[Event \"1st Chinese Computer Games Championship\"]\r\n\
[Round \"1\"]\r\n[Red \"宝岛一号\"]\r\n[Black \"相眼竞技\"]\r\n[Result \"0-1\"]\r\n[ECCO \"C48\"]\r\n\
[Opening \"中炮过河车互进七兵对屏风马平炮兑车\"]\r\n[Variation \"红仕角炮对黑退边炮\"]\r\n\
  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８\r\n 0-1\r\n============================\r\n\
本文件由《象棋百科全书》生成\r\n欢迎访问《象棋百科全书网》\r\nhttps://www.xqbase.com/\r\n";

#[test]
fn xqbase_trailer_is_skipped_with_a_warning() {
    let c = read_collection(XQBASE);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert_eq!(c.games.len(), 1);
    let g = &c.games[0];
    assert_eq!(g.moves.len(), 4);
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.tags.get("ECCO"), Some("C48"));
    assert_eq!(
        g.tags.get("Opening"),
        Some("中炮过河车互进七兵对屏风马平炮兑车")
    );
    assert_eq!(g.tags.get("Variation"), Some("红仕角炮对黑退边炮"));
    assert_eq!(c.warnings.len(), 1);
    let w = &c.warnings[0];
    assert_eq!((w.line, w.lines, w.after_game), (13, 4, 1));
    assert!(w
        .to_string()
        .contains("line 13: skipped 4 lines after game 1"));
    // The old entry points read it too.
    assert_eq!(parse_pgn_all(XQBASE).expect("reads").len(), 1);
    assert_eq!(parse_pgn(XQBASE).expect("reads").moves.len(), 4);
}

#[test]
fn concatenated_files_read_game_by_game() {
    let text = format!("{XQBASE}\r\n{XQBASE}{XQBASE}");
    let c = read_collection(&text);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert_eq!(c.games.len(), 3);
    assert_eq!(c.warnings.len(), 3);
    assert_eq!(
        c.warnings.iter().map(|w| w.after_game).collect::<Vec<_>>(),
        [1, 2, 3]
    );
}

#[test]
fn a_broken_game_is_reported_and_the_rest_read() {
    let broken = XQBASE.replace("马二进三", "马二进九");
    let text = format!("{XQBASE}{broken}{XQBASE}");
    let c = read_collection(&text);
    assert_eq!(c.games.len(), 2);
    assert_eq!(c.errors.len(), 1);
    let e = &c.errors[0];
    assert_eq!(e.game, 2);
    // Line 11 of the second copy (16 lines each).
    assert_eq!(e.error.line, 16 + 11);
    assert!(
        e.to_string()
            .starts_with("game 2: line 27, column 6: ply 3"),
        "{e}"
    );
    assert!(parse_pgn_all(&text).is_err());
}

#[test]
fn games_without_tags_still_follow_a_result() {
    let c = read_collection("1. h2e2 h9g7 1-0\n1. h2e2 *\nsome note\n{comment} 1. b2e2 *");
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert_eq!(c.games.len(), 3);
    assert_eq!(c.warnings.len(), 1);
    assert_eq!(c.warnings[0].text, "some note");
    assert_eq!(
        c.games[2].comments.get(&0).map(String::as_str),
        Some("comment")
    );
}

#[test]
fn junk_never_panics() {
    for text in [
        "====",
        "1-0 ====",
        "[a \"b\"] 1. h2e2 1-0 ==== [",
        "{",
        "1. h2e2 * (",
        "]]]",
    ] {
        let _ = read_collection(text);
    }
}
