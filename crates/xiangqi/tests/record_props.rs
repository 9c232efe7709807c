//! Property tests of the text record formats: random legal games survive Game → PGN (every
//! notation) → Game and Game → DhtmlXQ → Game; SAN PGN reads back; arbitrary text never panics.

use proptest::prelude::*;
use xiangqi::notation::Notation;
use xiangqi::record::{parse_dhtmlxq, parse_pgn, parse_pgn_all, write_dhtmlxq, write_pgn, Game};
use xiangqi::{EndReason, GameResult, Move, Position, Role};

/// Start positions: the standard one, Black to move, and a middlegame with doubled chariots,
/// horses and pawns (disambiguation in every notation).
const STARTS: [&str; 3] = [
    xiangqi::START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "2bakab2/4r4/4n4/p3R3p/4P4/4P4/2n6/4R4/4N4/3AKAB2 w - - 0 20",
];

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

fn comment_text() -> impl Strategy<Value = String> {
    "[a-z中文炮(){\\[\\];]([a-z中文 \n(){\\[\\];.]{0,12}[a-z文])?"
}

prop_compose! {
    fn arb_game()(
        start in 0..STARTS.len(),
        seeds in prop::collection::vec(any::<u16>(), 0..90),
        comments in prop::collection::vec((any::<u8>(), comment_text()), 0..4),
        result in prop::sample::select(vec![
            GameResult::RedWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unfinished,
        ]),
        reason in prop::option::of(prop::sample::select(EndReason::ALL.to_vec())),
        event in "[A-Za-z0-9 象棋\"\\\\]{0,10}",
    ) -> Game {
        let mut g = random_game(STARTS[start], &seeds);
        for (at, text) in comments {
            let ply = usize::from(at) % (g.moves.len() + 1);
            g.add_comment(ply, &text);
        }
        g.result = result;
        g.reason = reason;
        if !event.trim().is_empty() {
            g.tags.set("Event", event.trim());
        }
        g.tags.set("Red", "红方");
        g
    }
}

/// Fairy-Stockfish-style SAN with ranks 1–10 (test-only writer).
fn san(pos: &Position, m: Move) -> String {
    let role = pos.piece_at(m.from()).expect("piece").role;
    let letter = match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    };
    let others: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|o| {
            o.to() == m.to()
                && o.from() != m.from()
                && pos.piece_at(o.from()).map(|p| p.role) == Some(role)
        })
        .collect();
    let file = |f: xiangqi::File| f.char();
    let from = m.from();
    let disamb = if others.is_empty() {
        String::new()
    } else if others.iter().all(|o| o.from().file() != from.file()) {
        file(from.file()).to_string()
    } else if others.iter().all(|o| o.from().rank() != from.rank()) {
        (from.rank().index() + 1).to_string()
    } else {
        format!("{}{}", file(from.file()), from.rank().index() + 1)
    };
    let capture = if pos.is_capture(m) { "x" } else { "" };
    let mut after = pos.clone();
    after.do_move(m);
    let mark = if !after.is_check() {
        ""
    } else if after.legal_moves().is_empty() {
        "#"
    } else {
        "+"
    };
    format!(
        "{letter}{disamb}{capture}{}{}{mark}",
        file(m.to().file()),
        m.to().rank().index() + 1
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn pgn_round_trips_in_every_notation(game in arb_game()) {
        for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let text = write_pgn(&game, notation).expect("writes");
            let back = parse_pgn(&text);
            prop_assert_eq!(back.as_ref(), Ok(&game), "{}\n{}", notation, text);
        }
    }

    #[test]
    fn dhtmlxq_round_trips(game in arb_game()) {
        let mut game = game;
        game.reason = None;
        let text = write_dhtmlxq(&game).expect("writes");
        prop_assert_eq!(parse_dhtmlxq(&text), Ok(game), "{}", text);
    }

    #[test]
    fn san_pgn_reads_back(start in 0..STARTS.len(), seeds in prop::collection::vec(any::<u16>(), 0..90)) {
        let game = random_game(STARTS[start], &seeds);
        let mut text = format!("[Variant \"Xiangqi\"]\n[FEN \"{}\"]\n\n", game.start_fen());
        let mut pos = game.start.clone();
        for (i, &m) in game.moves.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&san(&pos, m));
            text.push(' ');
            pos.do_move(m);
        }
        text.push('*');
        let back = parse_pgn(&text).map(|g| g.moves);
        prop_assert_eq!(back, Ok(game.moves), "{}", text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_pgn_all(&text);
        let _ = parse_dhtmlxq(&text);
    }

    #[test]
    fn record_like_text_never_panics(
        text in "[\\[\\]{}()\"$;%.\\-+=*/ \n\\\\a-iA-Z0-9炮马车兵卒将帅进退平前后一二三四五六七八九１２８……　]{0,300}"
    ) {
        let _ = parse_pgn_all(&text);
        let _ = parse_dhtmlxq(&text);
        let _ = parse_dhtmlxq(&format!("[DhtmlXQ_movelist]{text}[/DhtmlXQ_movelist]"));
        let _ = parse_dhtmlxq(&format!("[DhtmlXQ_binit]{text}[/DhtmlXQ_binit]"));
    }

    #[test]
    fn mutated_records_never_panic(
        game in arb_game(),
        cuts in prop::collection::vec((any::<u16>(), any::<u16>()), 1..5),
        insert in "[\\[\\]{}()\"0-9a-z炮]{0,4}",
    ) {
        for text in [
            write_pgn(&game, Notation::Chinese).expect("writes"),
            write_pgn(&game, Notation::Wxf).expect("writes"),
            write_dhtmlxq(&game).expect("writes"),
        ] {
            let chars: Vec<char> = text.chars().collect();
            let mut mutated = chars.clone();
            for &(a, b) in &cuts {
                let len = mutated.len().max(1);
                let (a, b) = (usize::from(a) % len, usize::from(b) % len);
                let (lo, hi) = (a.min(b), a.max(b).min(a.min(b) + 8));
                if hi <= mutated.len() {
                    mutated.splice(lo..hi, insert.chars());
                }
            }
            let mutated: String = mutated.into_iter().collect();
            let _ = parse_pgn_all(&mutated);
            let _ = parse_dhtmlxq(&mutated);
        }
    }
}
