//! Repetition rulings that explain themselves (issue #21 item 1): for every repetition case of
//! RULES.md §6.8 the evidence names the pieces that checked or chased and what they attacked,
//! and the sentences in Chinese and English name them too.

use xiangqi::rulings::{Conduct, Judge, Lang, RepetitionEvidence, RuleSet};
use xiangqi::{Color, EndReason, Move, Piece, Role};

/// `(name, FEN, moves)` of every line of a repetition data file.
fn cases(data: &str) -> Vec<(String, String, Vec<Move>)> {
    data.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            let moves = f[2]
                .split_whitespace()
                .map(|m| m.parse().expect("ICCS move"))
                .collect();
            (f[0].to_string(), f[1].to_string(), moves)
        })
        .collect()
}

/// Plays until the first ruling.
fn judge(fen: &str, moves: &[Move], rules: RuleSet) -> Judge {
    let start = xiangqi::Position::from_fen(fen).expect("valid FEN");
    let mut judge = Judge::new(start, rules);
    for &m in moves {
        if judge.ruling().is_some() {
            break;
        }
        judge.play(m).expect("legal move");
    }
    judge
}

fn role_en(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Advisor => "advisor",
        Role::Elephant => "elephant",
        Role::Horse => "horse",
        Role::Chariot => "chariot",
        Role::Cannon => "cannon",
        Role::Pawn => "pawn",
    }
}

fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::Red, Lang::En) => "Red",
        (Color::Black, Lang::En) => "Black",
        (Color::Red, Lang::Zh) => "红方",
        (Color::Black, Lang::Zh) => "黑方",
    }
}

/// Checks the evidence of one ruled case against the ruling and the game; returns the problems.
fn check(name: &str, judge: &Judge) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |what: String| problems.push(format!("{name}: {what}"));
    let Some(ruling) = judge.ruling() else {
        return Vec::new();
    };
    let Some(ev) = judge.evidence() else {
        fail(format!("no evidence for {:?}", ruling.outcome));
        return problems;
    };
    if ev.outcome != ruling.outcome {
        fail(format!("outcome {:?} vs {:?}", ev.outcome, ruling.outcome));
    }
    let played = judge.moves();
    let last = ev.cycle.last().map(|s| s.ply);
    if last != Some(ruling.ply) {
        fail(format!("cycle ends at {last:?}, ruling at {}", ruling.ply));
    }
    for step in &ev.cycle {
        if played.get(step.ply - 1) != Some(&step.mv) {
            fail(format!("ply {} is not {}", step.ply, step.mv));
        }
        for t in &step.checks {
            if t.target.role != Role::King || t.piece.color != step.mover() {
                fail(format!("ply {}: odd check {t:?}", step.ply));
            }
        }
        for t in &step.chases {
            if t.target.color == step.mover() || t.piece.color != step.mover() {
                fail(format!("ply {}: odd chase {t:?}", step.ply));
            }
        }
    }
    let (en, zh) = (ev.explain(Lang::En), ev.explain(Lang::Zh));
    match ev.loser() {
        Some(loser) => problems.extend(check_loser(name, &ev, loser, &en, &zh)),
        None if !en.ends_with("Draw.") || !zh.ends_with("和棋。") => {
            problems.push(format!("{name}: draw not said: {en} / {zh}"));
        }
        None => {}
    }
    problems
}

/// The loser's moves all checked (or all chased a named victim), and the sentences say so.
fn check_loser(
    name: &str,
    ev: &RepetitionEvidence,
    loser: Color,
    en: &str,
    zh: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |what: String| problems.push(format!("{name}: {what} [{en} / {zh}]"));
    if !en.starts_with(side(loser, Lang::En)) || !zh.starts_with(side(loser, Lang::Zh)) {
        fail("the sentence does not start with the losing side".to_string());
    }
    for step in ev.moves_of(loser) {
        let piece = role_en(step.piece.role);
        if !en.contains(piece) || !zh.contains(step.piece.notation_char()) {
            fail(format!("the moving {piece} is not named"));
        }
        for sq in [step.mv.from(), step.mv.to()] {
            if !en.contains(&sq.to_string()) || !zh.contains(&sq.to_string()) {
                fail(format!("point {sq} is not named"));
            }
        }
    }
    match (ev.outcome.reason, ev.conduct(loser)) {
        (EndReason::PerpetualCheck, Conduct::PerpetualCheck) => {
            if ev.moves_of(loser).any(|s| !s.is_check()) {
                fail("a move of the perpetual checker has no check".to_string());
            }
            if !en.contains("checks perpetually") || !zh.contains("长将") {
                fail("perpetual check not said".to_string());
            }
        }
        (EndReason::PerpetualChase, Conduct::PerpetualChase(victims)) => {
            let is_victim = |p: Piece| victims.iter().any(|&(v, _)| v == p);
            if ev
                .moves_of(loser)
                .any(|s| !s.chases.iter().any(|t| is_victim(t.target)))
            {
                fail("a move of the perpetual chaser chases no victim".to_string());
            }
            for &(v, sq) in victims {
                let zh_name = format!("{}（{sq}）", v.notation_char());
                if !en.contains(&format!("{} on {sq}", role_en(v.role))) || !zh.contains(&zh_name) {
                    fail(format!("victim {v:?} on {sq} is not named"));
                }
            }
            if !en.contains("chases perpetually") || !zh.contains("长捉") {
                fail("perpetual chase not said".to_string());
            }
        }
        (reason, conduct) => fail(format!("{reason:?} with conduct {conduct:?}")),
    }
    problems
}

#[test]
fn every_repetition_case_explains_itself() {
    let mut problems = Vec::new();
    let mut explained = 0;
    for data in [
        include_str!("data/repetition_fsf.txt"),
        include_str!("data/repetition_wxf.txt"),
    ] {
        for (name, fen, moves) in cases(data) {
            let judge = judge(&fen, &moves, RuleSet::default());
            if judge.evidence().is_some() {
                explained += 1;
            }
            problems.extend(check(&name, &judge));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(explained, 33 + 74, "every case ends by repetition");
}

/// The sentences, word for word, for a few cases of each kind.
#[test]
fn sentences() {
    let cases: &[(&str, &str, RuleSet, &str, &str)] = &[
        // A chase handed from the horse to the cannon (issue #21 item 3).
        (
            "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1",
            "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9",
            RuleSet::axf(),
            "Red chases perpetually: the horse shuttles between e2 and d4, attacking Black's \
             chariot on c2 every move (in turn by the horse and the cannon on h2). Red loses.",
            "红方长捉：马在 e2 与 d4 之间往返，每步捉黑车（c2）（马、h2 炮轮流捉）。红方负。",
        ),
        // FSF line 1174: Black's pawn checks on every move.
        (
            "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
            "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2",
            RuleSet::axf(),
            "Black checks perpetually: the pawn shuttles between f2 and e2, giving check every move. \
             Red chases perpetually too (Black's pawn on f4), which weighs less than a perpetual \
             check. Black loses.",
            "黑方长将：卒在 f2 与 e2 之间往返，每步将军。红方虽长捉黑卒（f4），轻于长将。黑方负。",
        ),
        // FSF line 1170: mutual chase.
        (
            "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
            "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6",
            RuleSet::axf(),
            "Both sides chase perpetually (Red: the chariot goes round h6, h7, g7 and g6, attacking \
             Black's horse on h8; Black: the horse goes round h8, f7, g5 and i6, attacking Red's \
             chariot on h6). Draw.",
            "双方长捉（红方：车在 h6、h7、g7、g6 之间循环，捉黑马（h8）；黑方：马在 h8、f7、g5、i6 \
             之间循环，捉红车（h6））。和棋。",
        ),
        // FSF line 1166: a pawn may chase; nobody violates, a draw.
        (
            "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
            "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5",
            RuleSet::axf(),
            "The position occurred 3 times and neither side checked or chased on every move \
             (Red: the pawn shuttles between a5 and b5; Black: the chariot shuttles between a6 \
             and b6). Draw.",
            "同一局面出现 3 次，双方均无长将、长捉（红方：兵在 a5 与 b5 之间往返；黑方：车在 a6 与 \
             b6 之间往返）。和棋。",
        ),
        // One check, one chase: allowed under AXF, forbidden under CXA.
        (
            "3nk4/9/9/9/3R5/9/9/9/9/3K5 w - - 0 1",
            "d5e5 e9f9 e5d5 f9e9 d5e5 e9f9 e5d5 f9e9",
            RuleSet::cxa(),
            "Red attacks on every move (checks and chases in turn): the chariot shuttles between d5 \
             and e5, chasing Black's horse on d9. The Chinese rules forbid it. Red loses.",
            "红方一将一捉：车在 d5 与 e5 之间往返，捉黑马（d9），属禁止着法。红方负。",
        ),
    ];
    let mut problems = Vec::new();
    for &(fen, moves, rules, en, zh) in cases {
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| m.parse().expect("ICCS move"))
            .collect();
        let ev = judge(fen, &moves, rules).evidence().expect("a repetition");
        for (lang, want) in [(Lang::En, en), (Lang::Zh, zh)] {
            let got = ev.explain(lang);
            if got != want {
                problems.push(format!(
                    "{fen} {}:\n  got  {got}\n  want {want}",
                    lang.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
