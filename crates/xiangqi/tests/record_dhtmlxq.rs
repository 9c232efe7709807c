//! DhtmlXQ import and export (RULES.md §4.4).

use xiangqi::record::dhtmlxq::DhtmlXqErrorKind;
use xiangqi::record::{parse_dhtmlxq, write_dhtmlxq, Game};
use xiangqi::{Color, GameResult, Move, Position};

fn iccs(game: &Game) -> String {
    game.moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// 柳大华 – 吕钦 (see `record_pgn.rs`) as a dpxq.com page embeds it, with a variation branch and
/// its comment, which are skipped.
const LIU_LU: &str = "<p>before</p>
[DhtmlXQ]
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
[DhtmlXQ_init]500,350[/DhtmlXQ_init]
[DhtmlXQ_title]仙人指路对起马局[/DhtmlXQ_title]
[DhtmlXQ_event]\"中立杯\"象棋电视快棋赛[/DhtmlXQ_event]
[DhtmlXQ_date]1997-11-16[/DhtmlXQ_date]
[DhtmlXQ_place]北京[/DhtmlXQ_place]
[DhtmlXQ_red]柳大华[/DhtmlXQ_red]
[DhtmlXQ_black]吕  钦[/DhtmlXQ_black]
[DhtmlXQ_result]黑胜[/DhtmlXQ_result]
[DhtmlXQ_remark]刘殿中[/DhtmlXQ_remark]
[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]2625706266651222294710021927001009191014170714747772227279678070[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]7747[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_comment0]仙人指路||对起马[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]\\u9a6c\\u516b\\u8fdb\\u4e03[/DhtmlXQ_comment2]
[DhtmlXQ_comment1_2]variation comment[/DhtmlXQ_comment1_2]
[/DhtmlXQ]
<p>after</p>
[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";

#[test]
fn reads_a_dpxq_record() {
    let g = parse_dhtmlxq(LIU_LU).expect("parses");
    assert_eq!(
        iccs(&g),
        "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9"
    );
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.tags.get("Title"), Some("仙人指路对起马局"));
    assert_eq!(g.tags.get("Event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(g.tags.get("Site"), Some("北京"));
    assert_eq!(g.tags.get("Red"), Some("柳大华"));
    assert_eq!(g.tags.get("Annotator"), Some("刘殿中"));
    assert_eq!(g.tags.get("ver"), None, "presentation tags are dropped");
    assert_eq!(g.comment(0), Some("仙人指路\n对起马"));
    assert_eq!(g.comment(2), Some("马八进七"));
    assert_eq!(g.comments.len(), 2);
    assert!(g.starts_from_standard_position());
}

#[test]
fn black_to_move_from_binit_and_fen() {
    // Start position, Black moves first (马8进7 = 7062).
    let g = parse_dhtmlxq("[DhtmlXQ_movelist]7062[/DhtmlXQ_movelist]").expect("parses");
    assert_eq!(g.start.turn(), Color::Black);
    assert_eq!(iccs(&g), "h9g7");
    // A FEN tag wins over binit.
    let text = "[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383\
        [/DhtmlXQ_binit][DhtmlXQ_fen]3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1[/DhtmlXQ_fen]\
        [DhtmlXQ_movelist]8988[/DhtmlXQ_movelist]";
    let g = parse_dhtmlxq(text).expect("parses");
    assert_eq!(iccs(&g), "i0i1");
    // An endgame binit: red king e0 (49), red chariot i0 (89), black king d9 (30).
    let mut binit = "99".repeat(32);
    binit.replace_range(0..2, "89");
    binit.replace_range(8..10, "49");
    binit.replace_range(40..42, "30");
    let g = parse_dhtmlxq(&format!("[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]")).expect("parses");
    assert_eq!(g.start.board_fen(), "3k5/9/9/9/9/9/9/9/9/4K3R");
}

#[test]
fn round_trip() {
    let mut g = parse_dhtmlxq(LIU_LU).expect("parses");
    g.add_comment(16, "end [with brackets]");
    let text = write_dhtmlxq(&g).expect("writes");
    assert!(text.starts_with("[DhtmlXQ]\n"));
    assert!(text.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"));
    assert!(text.contains("[DhtmlXQ_comment0]仙人指路||对起马[/DhtmlXQ_comment0]"));
    assert!(!text.contains("DhtmlXQ_fen"));
    assert_eq!(parse_dhtmlxq(&text).expect("re-reads"), g);

    let endgame = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3R b - - 3 7").expect("fen");
    let mut g = Game::new(endgame);
    g.push("d9d8".parse().expect("move")).expect("legal");
    let text = write_dhtmlxq(&g).expect("writes");
    assert!(text.contains(
        "[DhtmlXQ_binit]8999999949999999999999999999999999999999309999999999999999999999[/DhtmlXQ_binit]"
    ), "{text}");
    assert!(text.contains("[DhtmlXQ_fen]3k5/9/9/9/9/9/9/9/9/4K3R b - - 3 7[/DhtmlXQ_fen]"));
    assert!(text.contains("[DhtmlXQ_movelist]3031[/DhtmlXQ_movelist]"));
    assert_eq!(parse_dhtmlxq(&text).expect("re-reads"), g);
}

#[test]
fn errors_have_offsets() {
    let e = parse_dhtmlxq("no record here").expect_err("none");
    assert_eq!(e.kind, DhtmlXqErrorKind::NoRecord);
    let text = "[DhtmlXQ_movelist]7747706x[/DhtmlXQ_movelist]";
    let e = parse_dhtmlxq(text).expect_err("bad list");
    assert_eq!((e.offset, e.kind), (18, DhtmlXqErrorKind::InvalidMoveList));
    let text = "[DhtmlXQ_movelist]7747 7062 7747[/DhtmlXQ_movelist]";
    let e = parse_dhtmlxq(text).expect_err("illegal");
    assert_eq!(e.offset, 28);
    assert_eq!(
        e.kind,
        DhtmlXqErrorKind::IllegalMove {
            ply: 3,
            text: "7747".into()
        }
    );
    let e = parse_dhtmlxq("xx[DhtmlXQ_title]abc").expect_err("open");
    assert_eq!(
        (e.offset, e.kind),
        (2, DhtmlXqErrorKind::UnterminatedTag("title".into()))
    );
    let e = parse_dhtmlxq("[DhtmlXQ_binit]0919[/DhtmlXQ_binit]").expect_err("binit");
    assert_eq!((e.offset, e.kind), (15, DhtmlXqErrorKind::InvalidBinit));
    let e = parse_dhtmlxq("[DhtmlXQ_fen]9/9 w[/DhtmlXQ_fen]").expect_err("fen");
    assert!(matches!(e.kind, DhtmlXqErrorKind::InvalidPosition(_)));
    assert!(e.to_string().starts_with("byte 13: "), "{e}");
}
