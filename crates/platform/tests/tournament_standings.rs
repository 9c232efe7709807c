//! Standings and tie-breaks: hand-computed examples and purity.

use platform::tournament::{
    standings, ByeKind, GameResult, Halves, Preset, Record, RecordedGame, TieBreak,
};
use platform::{Millis, UserId};
use proptest::prelude::*;

const A: UserId = UserId(1);
const B: UserId = UserId(2);
const C: UserId = UserId(3);
const D: UserId = UserId(4);

fn game(round: u32, red: UserId, black: UserId, result: GameResult) -> RecordedGame {
    RecordedGame {
        round,
        red,
        black,
        result,
        ended_at: None,
    }
}

/// A 4-player round robin: A–B 1-0, A–C ½, A–D 1-0, B–C 1-0, B–D ½, C–D 1-0.
fn robin() -> Record {
    Record {
        players: vec![(A, 2000), (B, 1900), (C, 1800), (D, 1700)],
        games: vec![
            game(1, A, B, GameResult::RedWins),
            game(1, C, D, GameResult::RedWins),
            game(2, C, A, GameResult::Draw),
            game(2, B, D, GameResult::Draw),
            game(3, A, D, GameResult::RedWins),
            game(3, B, C, GameResult::RedWins),
        ],
        ..Record::default()
    }
}

#[test]
fn cxa_round_robin_by_hand() {
    let rows = standings(&robin(), &Preset::cxa_round_robin());
    let order: Vec<UserId> = rows.iter().map(|r| r.user).collect();
    assert_eq!(order, [A, B, C, D]);
    let points: Vec<u32> = rows.iter().map(|r| r.points).collect();
    assert_eq!(points, [5, 3, 3, 1]);
    // 小分: A = 3 (B) + 1 (D) + 3/2 (C) = 5.5; B = 3 (C) + 1/2 (D) = 3.5; C = 1 (D) + 5/2 (A) = 3.5.
    let sb = |i: usize| rows[i].tiebreaks[0];
    assert_eq!(sb(0), (TieBreak::SonnebornBerger, Halves(11)));
    assert_eq!(sb(1), (TieBreak::SonnebornBerger, Halves(7)));
    assert_eq!(sb(2), (TieBreak::SonnebornBerger, Halves(7)));
    assert_eq!(sb(3).1.to_string(), "1.5");
    // B and C are equal on 小分 and 胜局 (1 each); 直胜 decides: B beat C.
    assert_eq!(rows[1].tiebreaks[1], (TieBreak::Wins, Halves(2)));
    assert_eq!(rows[1].tiebreaks[2], (TieBreak::HeadToHead, Halves(4)));
    assert_eq!(rows[2].tiebreaks[2], (TieBreak::HeadToHead, Halves(0)));
    assert_eq!((rows[1].rank, rows[2].rank), (2, 3));
}

/// Three players, two rounds: A beats B and C has the bye; then C beats A and B has the bye.
fn swiss() -> Record {
    Record {
        players: vec![(A, 1500), (B, 1500), (C, 1500)],
        games: vec![
            game(1, A, B, GameResult::RedWins),
            game(2, C, A, GameResult::RedWins),
        ],
        byes: vec![(1, C, ByeKind::Pairing), (2, B, ByeKind::Pairing)],
        ..Record::default()
    }
}

#[test]
fn cxa_swiss_opponent_score_counts_a_bye_as_the_lowest_nonzero_score() {
    let rows = standings(&swiss(), &Preset::cxa_swiss_opponent());
    let order: Vec<(UserId, u32)> = rows.iter().map(|r| (r.user, r.points)).collect();
    assert_eq!(order, [(C, 4), (A, 2), (B, 2)]);
    // 对手分: C = bye (2, the lowest non-zero score) + A (2) = 4; A = B (2) + C (4) = 6; B = A (2) + bye (2) = 4.
    let opp: Vec<Halves> = rows.iter().map(|r| r.tiebreaks[0].1).collect();
    assert_eq!(opp, [Halves(8), Halves(12), Halves(8)]);
    // 胜局 counts the bye as a win.
    assert_eq!(rows[0].tiebreaks[1], (TieBreak::Wins, Halves(4)));
}

#[test]
fn cxa_swiss_progressive_and_fouls() {
    let mut rec = swiss();
    let rows = standings(&rec, &Preset::cxa_swiss_progressive());
    // 累进分: C = 2 + 4 = 6; A = 2 + 2 = 4; B = 0 + 2 = 2.
    let prog: Vec<(UserId, Halves)> = rows.iter().map(|r| (r.user, r.tiebreaks[0].1)).collect();
    assert_eq!(prog, [(C, Halves(12)), (A, Halves(8)), (B, Halves(4))]);
    // Equal on points, progressive and wins, fewer fouls ranks higher.
    rec.games = vec![game(1, A, B, GameResult::Draw)];
    rec.byes.clear();
    rec.fouls.insert(A, 1);
    let rows = standings(&rec, &Preset::cxa_swiss_progressive());
    assert_eq!(rows[0].user, B);
    assert_eq!(rows[1].tiebreaks[2], (TieBreak::Fouls, Halves(2)));
}

/// A and B tied on points, 对手分, 胜局, 犯规 and 后走局数: A won round 1 and lost round 2,
/// B the other way round, so comparing the last round first puts B ahead (CXA 14.3.1).
#[test]
fn cxa_swiss_opp_last_resort_compares_the_later_rounds_first() {
    let (x, y, z, w) = (UserId(11), UserId(12), UserId(13), UserId(14));
    let rec = Record {
        players: [A, B, x, y, z, w].iter().map(|&u| (u, 1500)).collect(),
        games: vec![
            game(1, A, x, GameResult::RedWins),
            game(1, y, B, GameResult::RedWins),
            game(2, z, A, GameResult::RedWins),
            game(2, B, w, GameResult::RedWins),
        ],
        ..Record::default()
    };
    let rows = standings(&rec, &Preset::cxa_swiss_opponent());
    let row = |u: UserId| rows.iter().find(|r| r.user == u).expect("row");
    for u in [A, B] {
        assert_eq!(row(u).tiebreaks.len(), 5, "every tie-break is shown");
        assert_eq!(row(u).tiebreaks[0], (TieBreak::OpponentScore, Halves(4)));
    }
    assert_eq!(row(A).tiebreaks[4], (TieBreak::EarlierRounds, Halves(0)));
    assert_eq!(row(B).tiebreaks[4], (TieBreak::EarlierRounds, Halves(4)));
    assert!(row(B).rank < row(A).rank, "{rows:?}");
}

/// A (½ ½ 0 1) and B (0 1 ½ ½): equal points, 累进分 (9), wins, fouls and games as Black;
/// dropping round 1 gives A 5 and B 9, so B ranks higher (CXA 14.3.2).
#[test]
fn cxa_swiss_prog_last_resort_drops_the_first_rounds() {
    let opp = |n: u64| UserId(100 + n);
    let games = vec![
        game(1, A, opp(1), GameResult::Draw),
        game(2, A, opp(2), GameResult::Draw),
        game(3, A, opp(3), GameResult::BlackWins),
        game(4, A, opp(4), GameResult::RedWins),
        game(1, B, opp(5), GameResult::BlackWins),
        game(2, B, opp(6), GameResult::RedWins),
        game(3, B, opp(7), GameResult::Draw),
        game(4, B, opp(8), GameResult::Draw),
    ];
    let mut players = vec![(A, 1500), (B, 1500)];
    players.extend((1..=8).map(|n| (opp(n), 1500)));
    let rec = Record {
        players,
        games,
        ..Record::default()
    };
    let rows = standings(&rec, &Preset::cxa_swiss_progressive());
    let row = |u: UserId| rows.iter().find(|r| r.user == u).expect("row");
    assert_eq!(row(A).tiebreaks[0], (TieBreak::Progressive, Halves(18)));
    assert_eq!(row(B).tiebreaks[0], (TieBreak::Progressive, Halves(18)));
    assert_eq!(row(A).tiebreaks[4], (TieBreak::ProgressiveCut, Halves(10)));
    assert_eq!(row(B).tiebreaks[4], (TieBreak::ProgressiveCut, Halves(18)));
    assert_eq!((row(B).rank, row(A).rank), (1, 2), "{rows:?}");
}

#[test]
fn every_cxa_preset_is_found_by_name() {
    for name in [
        "cxa-swiss-opp",
        "cxa-swiss-prog",
        "cxa-rr",
        "cxa-rr-match",
        "lichess",
        "online",
    ] {
        assert_eq!(Preset::by_name(name).map(|p| p.name), Some(name.to_owned()));
    }
    let m = Preset::cxa_round_robin_match();
    assert_eq!(
        m.order,
        [
            TieBreak::Wins,
            TieBreak::HeadToHead,
            TieBreak::Fouls,
            TieBreak::BlackWins
        ]
    );
}

#[test]
fn lichess_preset_uses_performance_after_sonneborn_berger() {
    let rec = Record {
        players: vec![(A, 2000), (B, 1000), (C, 1500), (D, 1500)],
        games: vec![
            game(1, A, C, GameResult::Draw),
            game(1, B, D, GameResult::Draw),
        ],
        ..Record::default()
    };
    let rows = standings(&rec, &Preset::lichess());
    // Equal points and SB (½·1 each); performance: C drew 2000 (2000), D drew 1000 (1000), A 1500, B 1500.
    let order: Vec<UserId> = rows.iter().map(|r| r.user).collect();
    assert_eq!(order[0], C);
    assert_eq!(rows[0].tiebreaks[1], (TieBreak::Performance, Halves(4000)));
}

#[test]
fn online_preset_breaks_the_last_ties_by_the_earliest_finish() {
    let p = Preset::online();
    assert_eq!(p.order.last(), Some(&TieBreak::EarliestFinish));
    let at = |g: RecordedGame, t: Option<u64>| RecordedGame {
        ended_at: t.map(Millis),
        ..g
    };
    // Two draws: B and D (one game as Black each) ahead of A and C on 后手局数; within each
    // pair only the finish differs.
    let rec = |ab: Option<u64>, cd: Option<u64>| Record {
        players: vec![(A, 1500), (B, 1500), (C, 1500), (D, 1500)],
        games: vec![
            at(game(1, A, B, GameResult::Draw), ab),
            at(game(1, C, D, GameResult::Draw), cd),
        ],
        ..Record::default()
    };
    let rows = standings(&rec(Some(200), Some(100)), &p);
    let order: Vec<(UserId, u32)> = rows.iter().map(|r| (r.user, r.rank)).collect();
    assert_eq!(order, [(D, 1), (B, 2), (C, 3), (A, 4)]);
    let finish = |r: &platform::tournament::Row| r.tiebreaks.last().copied();
    assert_eq!(
        finish(&rows[0]),
        Some((TieBreak::EarliestFinish, Halves(2)))
    );
    assert_eq!(
        finish(&rows[1]),
        Some((TieBreak::EarliestFinish, Halves(4)))
    );
    // The same instants the other way round swap each pair.
    let order: Vec<UserId> = standings(&rec(Some(100), Some(200)), &p)
        .iter()
        .map(|r| r.user)
        .collect();
    assert_eq!(order, [B, D, A, C]);
    // Without instants the finishes are equal: the pairs share their places.
    let ranks: Vec<(UserId, u32)> = standings(&rec(None, None), &p)
        .iter()
        .map(|r| (r.user, r.rank))
        .collect();
    assert_eq!(ranks, [(B, 1), (D, 1), (A, 3), (C, 3)]);
    // A game of an earlier round finished earlier, whatever the instants.
    let mut later = rec(Some(100), Some(50));
    later.games[1].round = 2;
    later.games[0].round = 1;
    let order: Vec<UserId> = standings(&later, &p).iter().map(|r| r.user).collect();
    assert_eq!(order, [B, D, A, C]);
}

proptest! {
    #[test]
    fn standings_are_a_pure_function_of_results(seed in any::<u64>()) {
        let mut rec = robin();
        let base = standings(&rec, &Preset::cxa_round_robin());
        // Same results in another order give the same standings.
        let n = rec.games.len();
        for i in 0..n {
            let j = (seed as usize).wrapping_mul(i + 7) % n;
            rec.games.swap(i, j);
        }
        rec.players.reverse();
        prop_assert_eq!(standings(&rec, &Preset::cxa_round_robin()), base);
    }
}
