use super::command::{LeagueCommand as C, LeagueError, LeagueEvent as E};
use super::config::{preset, LeagueConfig, TieBreak};
use super::promotion::next_divisions;
use super::schedule::{red_is_home, rounds, MatchId};
use super::score::{match_score, BoardResult as R};
use super::standings::{standings, Played};
use super::state::{League, Phase};
use super::TeamId;
use crate::{Millis, UserId};

fn t(n: u64) -> TeamId {
    TeamId(n)
}

/// Team `n`'s players are users `10n+1 ..= 10n+boards`, the captain the first.
fn enter(l: &mut League, n: u64, division: usize) {
    let members: Vec<UserId> = (1..=u64::from(l.config.boards))
        .map(|i| UserId(10 * n + i))
        .collect();
    let cmd = C::Enter {
        team: t(n),
        name: format!("team {n}"),
        captain: members[0],
        members,
        division: Some(division),
    };
    l.apply(cmd, Millis(0)).unwrap();
}

fn config(boards: u8) -> LeagueConfig {
    LeagueConfig {
        boards,
        round_every: Millis(1_000),
        window: Millis(900),
        default_at: Millis(500),
        no_show: Millis(10),
        board_deadline: Millis(100),
        remind_before: Millis::ZERO,
        ..LeagueConfig::default()
    }
}

#[test]
fn every_pair_meets_home_and_away_and_colours_swap() {
    let teams: Vec<TeamId> = (1..=6).map(t).collect();
    let rs = rounds(&teams, true);
    assert_eq!(rs.len(), 10);
    for a in &teams {
        for b in &teams {
            if a != b {
                let n = rs
                    .iter()
                    .flatten()
                    .filter(|&&(h, w)| h == *a && w == *b)
                    .count();
                assert_eq!(n, 1, "{a:?} hosts {b:?} once");
            }
        }
    }
    // Board 1 Red for the home team, alternating; so team A has Red on board b in one of the
    // two matches with B and Black in the other.
    assert!(red_is_home(0) && !red_is_home(1) && red_is_home(2) && !red_is_home(3));
}

#[test]
fn match_points_come_from_game_points() {
    let p = LeagueConfig::default().match_points;
    // Board 1 home Red wins, board 2 (home Black) draw: 3–1 in game points → 2–0.
    let s = match_score(&[R::RedWon, R::Draw], p);
    assert_eq!(
        (s.home_games, s.away_games, s.home_points, s.away_points),
        (3, 1, 2, 0)
    );
    // Board 2: Red (the away team) wins: 2–2 → 1–1.
    let s = match_score(&[R::RedWon, R::RedWon], p);
    assert_eq!(
        (s.home_games, s.away_games, s.home_points, s.away_points),
        (2, 2, 1, 1)
    );
    // Both forfeit on board 1 lose; the away team wins board 2 by the home player's absence.
    let s = match_score(&[R::BothForfeit, R::BlackForfeit], p);
    assert_eq!(
        (s.home_games, s.away_games, s.home_points, s.away_points),
        (0, 2, 0, 2)
    );
}

#[test]
fn ties_go_to_game_points_then_head_to_head_then_board_one() {
    let p = LeagueConfig::default().match_points;
    let ties = preset("cxa-team").unwrap();
    let m = |h, a, r: &[R]| Played {
        home: t(h),
        away: t(a),
        results: r.to_vec(),
    };
    // 1 beats 2 (on board 1), 2 beats 3, 3 beats 1: equal match points. Game points decide.
    let played = [
        m(1, 2, &[R::RedWon, R::Draw]),     // 3–1
        m(2, 3, &[R::RedWon, R::Draw]),     // 3–1
        m(3, 1, &[R::RedWon, R::BlackWon]), // board 2 Black is home: 4–0
    ];
    let s = standings(&[t(1), t(2), t(3)], &played, p, &ties);
    let order: Vec<_> = s.iter().map(|r| r.team).collect();
    // 1: 3+0 = 3, 2: 1+3 = 4, 3: 1+4 = 5.
    assert_eq!(order, [t(3), t(2), t(1)]);
    assert_eq!(s[0].match_points, 2);
    // Two teams equal on match and game points: head-to-head decides.
    let played = [
        m(1, 2, &[R::Draw, R::Draw]),
        m(2, 1, &[R::RedWon, R::BlackWon]),
    ];
    let s = standings(&[t(1), t(2)], &played, p, &ties);
    assert_eq!(s[0].match_points, 3);
    assert_eq!(s[0].team, t(2));
    // Equal everywhere but board 1 (head-to-head drawn): board 1 decides.
    let played = [m(1, 2, &[R::BlackWon, R::BlackWon])];
    let s = standings(&[t(1), t(2)], &played, p, &ties);
    assert_eq!((s[0].match_points, s[1].match_points), (1, 1));
    assert_eq!(s[0].team, t(2));
    // With head-to-head first, then game points.
    let h2h = preset("h2h-first").unwrap();
    assert_eq!(h2h[0], TieBreak::HeadToHead);
}

#[test]
fn promotion_and_relegation_move_k_teams() {
    let finals = vec![vec![t(1), t(2), t(3), t(4)], vec![t(5), t(6), t(7), t(8)]];
    let (next, up, down) = next_divisions(&finals, 1);
    assert_eq!(
        next,
        vec![vec![t(1), t(2), t(3), t(5)], vec![t(6), t(7), t(8), t(4)]]
    );
    assert_eq!((up, down), (vec![t(5)], vec![t(4)]));
}

#[test]
fn appointments_agree_or_fall_back_to_the_default() {
    let mut l = League::new(config(2));
    for n in 1..=2 {
        enter(&mut l, n, 0);
    }
    l.apply(C::Start, Millis(0)).unwrap();
    let m = l.matches[0].clone();
    let (home_cap, away_cap) = (UserId(10 * m.home.0 + 1), UserId(10 * m.away.0 + 1));
    // Not the captain; outside the window: refused, nothing changed.
    let before = l.clone();
    let e = l.apply(
        C::Propose {
            m: m.id,
            team: m.home,
            by: UserId(10 * m.home.0 + 2),
            at: Millis(200),
        },
        Millis(0),
    );
    assert_eq!(e, Err(LeagueError::NotCaptain));
    let e = l.apply(
        C::Propose {
            m: m.id,
            team: m.home,
            by: home_cap,
            at: Millis(950),
        },
        Millis(0),
    );
    assert_eq!(e, Err(LeagueError::OutsideWindow));
    assert_eq!(l, before);
    l.apply(
        C::Propose {
            m: m.id,
            team: m.home,
            by: home_cap,
            at: Millis(200),
        },
        Millis(0),
    )
    .unwrap();
    l.apply(
        C::Propose {
            m: m.id,
            team: m.away,
            by: away_cap,
            at: Millis(300),
        },
        Millis(1),
    )
    .unwrap();
    assert_eq!(l.get(m.id).unwrap().time(), Millis(500));
    let e = l
        .apply(
            C::Propose {
                m: m.id,
                team: m.home,
                by: home_cap,
                at: Millis(300),
            },
            Millis(2),
        )
        .unwrap();
    assert!(e.contains(&E::Agreed {
        m: m.id,
        at: Millis(300)
    }));
    assert_eq!(l.get(m.id).unwrap().time(), Millis(300));
    assert_eq!(l.next_due(), Some(Millis(300)));
    let e = l.apply(C::Tick, Millis(300)).unwrap();
    assert_eq!(e, vec![E::MatchBegan { m: m.id }]);
}

#[test]
fn lineups_order_boards_and_missing_players_forfeit() {
    let mut l = League::new(config(3));
    for n in 1..=2 {
        enter(&mut l, n, 0);
    }
    l.apply(C::Start, Millis(0)).unwrap();
    let m = l.matches[0].clone();
    let cap = |team: TeamId| UserId(10 * team.0 + 1);
    let p = |team: TeamId, i: u64| UserId(10 * team.0 + i);
    // A stranger in the lineup: refused.
    let bad = C::Lineup {
        m: m.id,
        team: m.home,
        by: cap(m.home),
        order: vec![UserId(999)],
    };
    assert!(matches!(
        l.apply(bad, Millis(0)),
        Err(LeagueError::BadLineup(_))
    ));
    // Home plays only two players (board 3 empty); away keeps the roster order.
    let order = vec![p(m.home, 2), p(m.home, 1)];
    l.apply(
        C::Lineup {
            m: m.id,
            team: m.home,
            by: cap(m.home),
            order,
        },
        Millis(0),
    )
    .unwrap();
    let e = l.apply(C::Tick, Millis(500)).unwrap();
    assert!(e.contains(&E::BoardEnded {
        m: m.id,
        board: 2,
        result: R::RedForfeit
    }));
    let x = l.get(m.id).unwrap();
    assert_eq!(
        (x.boards[0].red, x.boards[0].black),
        (Some(p(m.home, 2)), Some(p(m.away, 1)))
    );
    assert_eq!(
        (x.boards[1].red, x.boards[1].black),
        (Some(p(m.away, 2)), Some(p(m.home, 1)))
    );
    // Lineups are fixed once begun.
    let late = C::Lineup {
        m: m.id,
        team: m.away,
        by: cap(m.away),
        order: vec![],
    };
    assert_eq!(l.apply(late, Millis(501)), Err(LeagueError::Begun));
    // Board 1 played; board 2 never reported: forfeited by both at the deadline.
    l.apply(
        C::Report {
            m: m.id,
            board: 0,
            result: R::RedWon,
        },
        Millis(520),
    )
    .unwrap();
    assert_eq!(l.apply(C::Tick, Millis(599)).unwrap(), vec![]);
    let e = l.apply(C::Tick, Millis(600)).unwrap();
    assert!(e.contains(&E::BoardEnded {
        m: m.id,
        board: 1,
        result: R::BothForfeit
    }));
    let score = l.get(m.id).unwrap().score.unwrap();
    // Home: board 1 won (2), board 2 lost by both, board 3 (home Red) forfeited: 2–2.
    assert_eq!((score.home_games, score.away_games), (2, 2));
    assert_eq!((score.home_points, score.away_points), (1, 1));
}

/// A whole season of 2 divisions × 4 teams, 2 boards, double round robin; home always wins
/// board 1, board 2 drawn; then the next season's divisions.
#[test]
fn a_simulated_season_ends_with_promotion_and_relegation() {
    let mut cfg = config(2);
    cfg.promote = 1;
    let mut l = League::new(cfg);
    for n in 1..=4 {
        enter(&mut l, n, 0);
    }
    for n in 5..=8 {
        enter(&mut l, n, 1);
    }
    l.apply(C::Start, Millis(0)).unwrap();
    assert_eq!(l.matches.len(), 2 * 12);
    let mut now = Millis(0);
    let mut ended = false;
    while let Some(due) = l.next_due() {
        now = due;
        l.apply(C::Tick, now).unwrap();
        let open: Vec<(MatchId, u8)> = l
            .matches
            .iter()
            .filter(|m| m.begun() && m.score.is_none())
            .flat_map(|m| {
                m.boards
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.result.is_none())
                    .map(move |(i, _)| (m.id, i as u8))
            })
            .collect();
        for (m, board) in open {
            let result = if board == 0 { R::RedWon } else { R::Draw };
            let e = l.apply(C::Report { m, board, result }, now).unwrap();
            ended |= e.iter().any(|e| matches!(e, E::SeasonEnded { season: 1 }));
        }
    }
    assert!(ended);
    assert_eq!(l.phase, Phase::Ended);
    // Every team: 3 home wins (6 points), 3 away losses: all level on match and game points
    // and head-to-head; board 1 level too: seeding decides.
    let s = l.standings(0);
    assert!(s
        .iter()
        .all(|r| r.match_points == 6 && r.played == 6 && r.game_points == 12));
    let bottom = s[3].team;
    let top_b = l.standings(1)[0].team;
    let e = l.apply(C::NextSeason, now).unwrap();
    assert_eq!(
        e,
        vec![E::NextSeason {
            season: 2,
            promoted: vec![top_b],
            relegated: vec![bottom]
        }]
    );
    assert!(l.divisions[0].teams.contains(&top_b));
    assert!(l.divisions[1].teams.contains(&bottom));
    assert_eq!(l.divisions[0].teams.len(), 4);
    // The new season numbers its matches after the old.
    l.apply(C::Start, now).unwrap();
    assert!(l.matches.iter().all(|m| m.id.0 > 24));
    // Season 1 stays browsable: its divisions, matches and standings as they ended.
    let s1 = l.season_view(1).expect("season 1");
    assert_eq!(
        (s1.season, s1.phase, s1.matches.len()),
        (1, Phase::Ended, 24)
    );
    assert_eq!(
        (s1.standings(0)[3].team, s1.standings(1)[0].team),
        (bottom, top_b)
    );
    assert_eq!(
        l.find_match(MatchId(1))
            .map(|(s, m)| (s, m.score.is_some())),
        Some((1, true))
    );
    assert_eq!(l.season_view(2).map(|v| v.matches.len()), Some(24));
}

#[test]
fn a_replayed_journal_gives_the_same_league() {
    let mut l = League::new(config(2));
    let mut log = Vec::new();
    let mut run = |l: &mut League, c: C, at: u64| {
        l.apply(c.clone(), Millis(at)).unwrap();
        log.push((serde_json::to_string(&c).unwrap(), at));
    };
    for n in 1..=3u64 {
        let members = vec![UserId(10 * n + 1), UserId(10 * n + 2)];
        run(
            &mut l,
            C::Enter {
                team: t(n),
                name: "x".into(),
                captain: members[0],
                members,
                division: None,
            },
            0,
        );
    }
    run(&mut l, C::Start, 0);
    run(&mut l, C::Tick, 500);
    let m = l.matches[0].id;
    run(
        &mut l,
        C::Report {
            m,
            board: 0,
            result: R::BlackWon,
        },
        510,
    );
    let mut again = League::new(config(2));
    for (c, at) in &log {
        let c: C = serde_json::from_str(c).unwrap();
        again.apply(c, Millis(*at)).unwrap();
    }
    assert_eq!(again, l);
}
