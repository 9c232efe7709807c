//! Arena team battles: entering with a team, team standings from the top scorers.

use platform::tournament::arena::{
    team_standings, Arena, ArenaCommand, ArenaConfig, ArenaError, ArenaEvent, TeamEntry,
};
use platform::tournament::GameResult;
use platform::{Millis, TeamId, UserId};

fn team(id: u64) -> TeamEntry {
    TeamEntry {
        id: TeamId(id),
        name: format!("team {id}"),
    }
}

#[test]
fn a_team_scores_the_sum_of_its_top_scorers() {
    let (t1, t2, t3) = (team(1), team(2), team(3));
    let players = [
        (UserId(1), &t1, 10),
        (UserId(2), &t1, 2),
        (UserId(3), &t1, 7),
        (UserId(4), &t2, 9),
        (UserId(5), &t2, 8),
        (UserId(6), &t3, 17),
    ];
    let rows = team_standings(&players, 2);
    let lines: Vec<(u32, TeamId, u32, usize, u32)> = rows
        .iter()
        .map(|r| (r.rank, r.team, r.score, r.top.len(), r.players))
        .collect();
    // Team 1: 10 + 7 (the 2 not counted); team 2: 9 + 8; team 3: 17 alone. All 17: one rank.
    assert_eq!(
        lines,
        [
            (1, TeamId(1), 17, 2, 3),
            (1, TeamId(2), 17, 2, 2),
            (1, TeamId(3), 17, 1, 1)
        ]
    );
    assert_eq!(rows[0].top, [(UserId(1), 10), (UserId(3), 7)]);
    let rows = team_standings(&players, 3);
    let order: Vec<(u32, TeamId, u32)> = rows.iter().map(|r| (r.rank, r.team, r.score)).collect();
    assert_eq!(
        order,
        [(1, TeamId(1), 19), (2, TeamId(2), 17), (2, TeamId(3), 17)]
    );
    assert!(team_standings(&[], 5).is_empty());
}

fn battle() -> Arena {
    Arena::new(ArenaConfig {
        rematch_after: Millis::MAX,
        ends_at: Millis(1_000_000),
        team_top: 1,
        ..ArenaConfig::default()
    })
}

fn join(a: &mut Arena, u: u64, t: Option<TeamEntry>) -> Result<Vec<ArenaEvent>, ArenaError> {
    a.apply(
        ArenaCommand::Join {
            user: UserId(u),
            rating: 1500,
            team: t,
        },
        Millis(10),
    )
}

#[test]
fn a_team_battle_needs_a_team_and_ranks_teams_by_their_best() {
    let mut a = battle();
    assert!(a.is_team_battle());
    let before = a.clone();
    assert_eq!(join(&mut a, 1, None), Err(ArenaError::NoTeam));
    assert_eq!(a, before, "a refused entry changes nothing");
    join(&mut a, 1, Some(team(1))).expect("team 1");
    let events = join(&mut a, 2, Some(team(2))).expect("team 2");
    let Some(ArenaEvent::Paired { game, red, .. }) = events
        .iter()
        .find(|e| matches!(e, ArenaEvent::Paired { .. }))
        .cloned()
    else {
        panic!("paired at once: {events:?}");
    };
    let result = if red == UserId(1) {
        GameResult::RedWins
    } else {
        GameResult::BlackWins
    };
    a.apply(
        ArenaCommand::GameFinished {
            game,
            result,
            plies: 40,
        },
        Millis(20),
    )
    .expect("scored");
    let rows = a.team_standings();
    let lines: Vec<(u32, TeamId, u32)> = rows.iter().map(|r| (r.rank, r.team, r.score)).collect();
    assert_eq!(lines, [(1, TeamId(1), 2), (2, TeamId(2), 0)]);
    assert_eq!(rows[0].name, "team 1");
    // Coming back after a pause keeps the first team.
    a.apply(ArenaCommand::Pause { user: UserId(1) }, Millis(30))
        .expect("pause");
    join(&mut a, 1, None).expect("back without naming the team");
    assert_eq!(a.players[&UserId(1)].team, Some(team(1)));

    // Without team scoring a team is not kept, and none is needed.
    let mut plain = Arena::new(ArenaConfig::default());
    assert!(!plain.is_team_battle());
    join(&mut plain, 1, Some(team(1))).expect("joined");
    join(&mut plain, 2, None).expect("joined");
    assert_eq!(plain.players[&UserId(1)].team, None);
    assert!(plain.team_standings().is_empty());
}
