//! `chuhe convert` end to end, on the sample files in `tests/data/`.

mod common;

use common::{chuhe, data};

fn convert_ok(args: &[&str]) -> String {
    let out = chuhe(args, None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn xqf_v10_to_chinese_pgn() {
    let pgn = convert_ok(&["convert", &data("liu_lu_v10.xqf")]);
    assert!(pgn.starts_with("[Game \"Chinese Chess\"]\n"), "{pgn}");
    // GBK header strings decoded.
    assert!(
        pgn.contains("[Event \"\\\"中立杯\\\"象棋电视快棋赛\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Date \"1997年11月16日\"]"), "{pgn}");
    assert!(pgn.contains("[Site \"北京\"]"));
    assert!(pgn.contains("[Red \"柳大华\"]"));
    assert!(pgn.contains("[Black \"吕  钦\"]"));
    assert!(pgn.contains("[Title \"仙人指路对起马局\"]"));
    assert!(pgn.contains("[Annotator \"刘殿中\"]"));
    assert!(pgn.contains("[Author \"过河象\"]"));
    assert!(pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("[Format \"Chinese\"]"));
    assert!(
        pgn.contains("1. 兵七进一 马8进7 2. 兵三进一 炮2平3"),
        "{pgn}"
    );
    assert!(pgn.contains("8. 马二进三 车9平8 0-1"), "{pgn}");
}

#[test]
fn encrypted_xqf_to_wxf_pgn() {
    let pgn = convert_ok(&["convert", &data("endgame_v12.xqf"), "--notation", "wxf"]);
    assert!(
        pgn.contains("[FEN \"3k5/4a4/4b4/9/9/9/9/4B4/4A4/2R1K4 b - - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Title \"残局练习\"]"), "{pgn}");
    assert!(pgn.contains("[Red \"红方\"]"));
    assert!(pgn.contains("[Black \"黑方\"]"));
    assert!(pgn.contains("[Author \"测试\"]"));
    assert!(pgn.contains("[Result \"1-0\"]"));
    assert!(pgn.contains("[Format \"WXF\"]"));
    assert!(
        pgn.contains("{黑先，红胜} 1. .... K4+1 {将上} 2. R7.6 A5+4 1-0"),
        "{pgn}"
    );
}

#[test]
fn gbk_pgn_to_iccs_file() {
    let dir = std::env::temp_dir().join(format!("chuhe-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = dir.join("out.pgn");
    let target_s = target.to_string_lossy().into_owned();
    let stdout = convert_ok(&[
        "convert",
        &data("liu_lu_gbk.pgn"),
        "--notation",
        "iccs",
        "-o",
        &target_s,
    ]);
    assert!(stdout.is_empty());
    let pgn = std::fs::read_to_string(&target).expect("UTF-8 file");
    std::fs::remove_dir_all(&dir).ok();
    assert!(pgn.contains("[Event \"全国象棋个人赛\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"吕  钦\"]"));
    assert!(pgn.contains("[Format \"ICCS\"]"));
    assert!(
        pgn.contains("{仙人指路对起马} 1. C3-C4 H9-G7 2. G3-G4 B7-C7"),
        "{pgn}"
    );
    assert!(pgn.contains("H0-G2 I9-H9 {黑方满意} 0-1"), "{pgn}");
}

#[test]
fn dhtmlxq_to_pgn_and_back() {
    let pgn = convert_ok(&["convert", &data("liu_lu.dhtmlxq"), "--notation", "iccs"]);
    assert!(pgn.contains("[Red \"柳大华\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("1. C3-C4 {仙人指路\n试探} H9-G7"), "{pgn}");
    let ubb = convert_ok(&["convert", &data("liu_lu_gbk.pgn"), "--to", "dhtmlxq"]);
    assert!(ubb.starts_with("[DhtmlXQ]\n"), "{ubb}");
    assert!(ubb.contains(
        "[DhtmlXQ_movelist]2625706266651222294710021927001009191014170714747772227279678070[/DhtmlXQ_movelist]"
    ), "{ubb}");
    assert!(ubb.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"));
    assert!(ubb.contains("[DhtmlXQ_comment0]仙人指路对起马[/DhtmlXQ_comment0]"));
}

#[test]
fn several_iccs_games_to_wxf() {
    let pgn = convert_ok(&[
        "convert",
        &data("two_games_iccs.pgn"),
        "--from",
        "pgn",
        "--notation",
        "wxf",
    ]);
    assert_eq!(pgn.matches("[Game \"Chinese Chess\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("1. C2.5 H8+7 2. H2+3 R9.8 1-0"), "{pgn}");
    assert!(pgn.contains("1. .... C8.5 2. H2+3 H8+7 1/2-1/2"), "{pgn}");
}

#[test]
fn pychess_from_stdin() {
    let input = std::fs::read(data("pychess.pgn")).expect("sample");
    let out = chuhe(&["convert", "-"], Some(&input));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(pgn.contains("[Red \"alice\"]"), "{pgn}");
    assert!(
        pgn.contains("1. 炮二平五 马8进7 2. 马二进三 车9进1 *"),
        "{pgn}"
    );
}

#[test]
fn errors_are_reported() {
    let out = chuhe(&["convert", &data("illegal.pgn")], None);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 5, column 4: ply 3: move 'H2-E9'"),
        "{err}"
    );
    assert!(out.stdout.is_empty());

    let out = chuhe(&["convert", &data("illegal.pgn"), "--from", "xqf"], None);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an XQF file"));

    let out = chuhe(&["convert", &data("missing.pgn")], None);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));

    let out = chuhe(&["convert", "-"], Some(b"   \n"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game found"));
}
