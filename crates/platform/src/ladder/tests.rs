//! The ladder's rules: reach, cooldown, place moves, forfeits, time-outs and inactivity, and a
//! property test that the rungs stay a ranking of distinct players whatever is applied.

use super::config::DAY;
use super::*;
use crate::{Millis, UserId};
use proptest::prelude::*;

fn u(n: u64) -> UserId {
    UserId(n)
}

/// A ladder of players 1..=n in that order, all rated 1500.
fn ladder_of(n: u64, config: LadderConfig) -> Ladder {
    let mut l = Ladder::new(config);
    for i in 1..=n {
        l.apply(
            LadderCommand::Join {
                user: u(i),
                rating: 1500,
            },
            Millis(0),
        )
        .unwrap();
    }
    l
}

fn order(l: &Ladder) -> Vec<u64> {
    l.rungs.iter().map(|r| r.user.0).collect()
}

fn challenge(l: &mut Ladder, c: u64, d: u64, now: Millis) -> Result<ChallengeId, LadderError> {
    let events = l.apply(
        LadderCommand::Challenge {
            challenger: u(c),
            defender: u(d),
            rating: 1500,
        },
        now,
    )?;
    match &events[..] {
        [LadderEvent::Challenged { challenge }] => Ok(challenge.id),
        e => panic!("unexpected {e:?}"),
    }
}

fn report(l: &mut Ladder, id: ChallengeId, outcome: Outcome, now: Millis) -> Vec<LadderEvent> {
    l.apply(
        LadderCommand::Report {
            challenge: id,
            outcome,
        },
        now,
    )
    .unwrap()
}

#[test]
fn joining_goes_to_the_bottom_or_by_rating() {
    let l = ladder_of(3, LadderConfig::default());
    assert_eq!(order(&l), [1, 2, 3]);
    let mut l = Ladder::new(LadderConfig {
        join: JoinAt::Rating,
        ..LadderConfig::default()
    });
    for (user, rating) in [(1, 1500), (2, 1700), (3, 1600), (4, 1600), (5, 1000)] {
        l.apply(
            LadderCommand::Join {
                user: u(user),
                rating,
            },
            Millis(0),
        )
        .unwrap();
    }
    assert_eq!(order(&l), [2, 3, 4, 1, 5]);
    let again = l.apply(
        LadderCommand::Join {
            user: u(2),
            rating: 1,
        },
        Millis(0),
    );
    assert_eq!(again, Err(LadderError::AlreadyOnLadder));
}

#[test]
fn a_winning_challenger_takes_the_place_in_front_of_the_defender() {
    let mut l = ladder_of(6, LadderConfig::default());
    let id = challenge(&mut l, 5, 2, Millis(10)).unwrap();
    let events = report(&mut l, id, Outcome::ChallengerWon, Millis(20));
    assert_eq!(order(&l), [1, 5, 2, 3, 4, 6]);
    assert!(events.contains(&LadderEvent::Moved {
        user: u(5),
        from: 5,
        to: 2
    }));
    assert!(events.contains(&LadderEvent::Moved {
        user: u(2),
        from: 2,
        to: 3
    }));
    assert!(events.contains(&LadderEvent::Moved {
        user: u(4),
        from: 4,
        to: 5
    }));
    let rec = l.history.last().unwrap();
    assert_eq!(rec.places_after, (Some(2), Some(3)));
}

#[test]
fn a_defender_win_or_a_draw_changes_nothing() {
    for outcome in [Outcome::DefenderWon, Outcome::Draw] {
        let mut l = ladder_of(4, LadderConfig::default());
        let id = challenge(&mut l, 4, 1, Millis(10)).unwrap();
        let events = report(&mut l, id, outcome, Millis(20));
        assert_eq!(order(&l), [1, 2, 3, 4]);
        assert!(!events
            .iter()
            .any(|e| matches!(e, LadderEvent::Moved { .. })));
        assert!(l.open.is_empty());
    }
}

#[test]
fn the_reach_limits_who_may_be_challenged() {
    let mut l = ladder_of(40, LadderConfig::default());
    // Place 40: 10 places → 30, 40 % of 39 → 25, by rating (all equal: place 1) − 5 → 1.
    // Equal ratings put everyone's rating place at 1: the whole ladder is in reach.
    assert_eq!(l.top_of_reach(u(40)), Some(1));
    let mut l2 = Ladder::new(LadderConfig::default());
    for i in 1..=40 {
        // Ratings fall down the ladder: the rating place equals the place.
        l2.apply(
            LadderCommand::Join {
                user: u(i),
                rating: 3000 - i as u32,
            },
            Millis(0),
        )
        .unwrap();
    }
    assert_eq!(l2.top_of_reach(u(40)), Some(25));
    let too_high = l2.apply(
        LadderCommand::Challenge {
            challenger: u(40),
            defender: u(24),
            rating: 2960,
        },
        Millis(1),
    );
    assert_eq!(too_high, Err(LadderError::OutOfReach { top: 25 }));
    // The challenger's rating now counts: rated like the 8th, they reach place 3.
    let strong = l2.apply(
        LadderCommand::Challenge {
            challenger: u(40),
            defender: u(3),
            rating: 2992,
        },
        Millis(1),
    );
    assert!(strong.is_ok(), "{strong:?}");
    // Down or sideways: refused.
    assert_eq!(
        challenge(&mut l, 3, 4, Millis(1)),
        Err(LadderError::NotAbove)
    );
    assert_eq!(
        challenge(&mut l, 3, 3, Millis(1)),
        Err(LadderError::SelfChallenge)
    );
    assert_eq!(
        challenge(&mut l, 99, 3, Millis(1)),
        Err(LadderError::NotOnLadder)
    );
    assert_eq!(
        challenge(&mut l, 3, 99, Millis(1)),
        Err(LadderError::DefenderNotOnLadder)
    );
}

#[test]
fn open_challenges_are_limited_per_defender_per_challenger_and_per_pair() {
    let mut l = ladder_of(8, LadderConfig::default());
    challenge(&mut l, 2, 1, Millis(1)).unwrap();
    assert_eq!(
        challenge(&mut l, 2, 1, Millis(1)),
        Err(LadderError::AlreadyOpen)
    );
    challenge(&mut l, 3, 1, Millis(1)).unwrap();
    challenge(&mut l, 4, 1, Millis(1)).unwrap();
    let before = l.clone();
    assert_eq!(
        challenge(&mut l, 5, 1, Millis(1)),
        Err(LadderError::DefenderBusy { max: 3 })
    );
    assert_eq!(l, before, "a refused command changes nothing");
    challenge(&mut l, 8, 2, Millis(1)).unwrap();
    challenge(&mut l, 8, 3, Millis(1)).unwrap();
    challenge(&mut l, 8, 4, Millis(1)).unwrap();
    assert_eq!(
        challenge(&mut l, 8, 5, Millis(1)),
        Err(LadderError::TooManyOpen { max: 3 })
    );
}

#[test]
fn the_same_pair_waits_out_the_cooldown() {
    let mut l = ladder_of(3, LadderConfig::default());
    let id = challenge(&mut l, 3, 2, Millis(0)).unwrap();
    report(&mut l, id, Outcome::DefenderWon, Millis(DAY.0));
    let until = Millis(8 * DAY.0);
    assert_eq!(
        challenge(&mut l, 3, 2, Millis(2 * DAY.0)),
        Err(LadderError::Cooldown { until })
    );
    // Either way round.
    assert_eq!(
        challenge(&mut l, 3, 1, Millis(2 * DAY.0)).map(|_| ()),
        Ok(())
    );
    assert_eq!(l.cooldown_until(u(2), u(3), until), None);
    assert!(challenge(&mut l, 3, 2, until).is_ok());
}

#[test]
fn unplayed_challenges_forfeit_whoever_did_not_show() {
    // Defender absent: the challenger climbs; a time-out for the defender.
    let mut l = ladder_of(3, LadderConfig::default());
    let id = challenge(&mut l, 3, 1, Millis(0)).unwrap();
    let events = report(
        &mut l,
        id,
        Outcome::NoShow {
            challenger: false,
            defender: true,
        },
        Millis(5),
    );
    assert_eq!(order(&l), [3, 1, 2]);
    assert!(events.contains(&LadderEvent::TimedOut {
        user: u(1),
        count: 1
    }));
    // Challenger absent: nothing moves; both absent: nothing moves, both charged.
    let id = challenge(&mut l, 2, 1, Millis(6)).unwrap();
    report(
        &mut l,
        id,
        Outcome::NoShow {
            challenger: true,
            defender: false,
        },
        Millis(7),
    );
    assert_eq!(order(&l), [3, 1, 2]);
    let id = challenge(&mut l, 1, 3, Millis(8 * DAY.0)).unwrap();
    let events = report(
        &mut l,
        id,
        Outcome::NoShow {
            challenger: true,
            defender: true,
        },
        Millis(8 * DAY.0),
    );
    assert_eq!(order(&l), [3, 1, 2]);
    assert!(events.contains(&LadderEvent::TimedOut {
        user: u(1),
        count: 2
    }));
    assert!(events.contains(&LadderEvent::TimedOut {
        user: u(3),
        count: 1
    }));
}

#[test]
fn repeated_time_outs_remove_a_player_and_withdraw_their_challenges() {
    let mut l = ladder_of(6, LadderConfig::default());
    let mut now = Millis(0);
    for defender in [1, 2] {
        let id = challenge(&mut l, 5, defender, now).unwrap();
        report(
            &mut l,
            id,
            Outcome::TimedOut {
                side: Side::Challenger,
            },
            now,
        );
        now += DAY;
    }
    let open = challenge(&mut l, 6, 5, now).unwrap();
    let id = challenge(&mut l, 5, 3, now).unwrap();
    let events = report(
        &mut l,
        id,
        Outcome::TimedOut {
            side: Side::Challenger,
        },
        now,
    );
    assert!(events.contains(&LadderEvent::Removed {
        user: u(5),
        place: 5,
        reason: RemoveReason::Timeouts
    }));
    assert!(events.contains(&LadderEvent::Ended {
        challenge: open,
        outcome: Outcome::Withdrawn
    }));
    assert_eq!(order(&l), [1, 2, 3, 4, 6]);
    assert!(l.open.is_empty());
}

#[test]
fn time_outs_outside_the_window_are_forgotten() {
    let mut l = ladder_of(4, LadderConfig::default());
    for (k, defender) in [1, 2, 3].into_iter().enumerate() {
        let now = Millis(k as u64 * 20 * DAY.0);
        let id = challenge(&mut l, 4, defender, now).unwrap();
        report(
            &mut l,
            id,
            Outcome::TimedOut {
                side: Side::Challenger,
            },
            now,
        );
    }
    assert_eq!(
        l.place_of(u(4)),
        Some(4),
        "the first time-out had left the window"
    );
}

#[test]
fn inactive_players_drop_or_leave() {
    let mut l = ladder_of(5, LadderConfig::default());
    let id = challenge(&mut l, 3, 2, Millis(0)).unwrap();
    let events = l.apply(LadderCommand::Tick, Millis(14 * DAY.0)).unwrap();
    // 1, 4 and 5 were idle; 2 and 3 have a challenge open.
    assert!(events.contains(&LadderEvent::Inactive { user: u(1) }));
    assert!(!events.contains(&LadderEvent::Inactive { user: u(2) }));
    // 1 drops behind where 4 stood; 4 and 5, inactive too, drop below it in their order.
    assert_eq!(order(&l), [2, 3, 1, 4, 5]);
    report(&mut l, id, Outcome::Draw, Millis(14 * DAY.0));
    // Nothing more until another period has passed.
    assert!(l
        .apply(LadderCommand::Tick, Millis(15 * DAY.0))
        .unwrap()
        .is_empty());
    let mut gone = ladder_of(
        2,
        LadderConfig {
            inactivity: Inactivity::Remove,
            ..LadderConfig::default()
        },
    );
    gone.apply(LadderCommand::Tick, Millis(14 * DAY.0)).unwrap();
    assert!(gone.rungs.is_empty());
}

#[test]
fn leaving_moves_the_players_below_up() {
    let mut l = ladder_of(4, LadderConfig::default());
    let id = challenge(&mut l, 3, 2, Millis(0)).unwrap();
    let events = l
        .apply(LadderCommand::Leave { user: u(2) }, Millis(1))
        .unwrap();
    assert_eq!(order(&l), [1, 3, 4]);
    // The withdrawn challenge's record: the challenger moved up one, the defender is gone.
    assert_eq!(l.history.last().unwrap().places_after, (Some(2), None));
    assert!(events.contains(&LadderEvent::Ended {
        challenge: id,
        outcome: Outcome::Withdrawn
    }));
    assert!(events.contains(&LadderEvent::Moved {
        user: u(4),
        from: 4,
        to: 3
    }));
    assert_eq!(
        l.apply(LadderCommand::Leave { user: u(2) }, Millis(1)),
        Err(LadderError::NotOnLadder)
    );
    let r = l.apply(
        LadderCommand::Report {
            challenge: id,
            outcome: Outcome::Draw,
        },
        Millis(2),
    );
    assert_eq!(r, Err(LadderError::NoSuchChallenge));
}

#[test]
fn commands_and_events_read_back_from_json() {
    let cmd = LadderCommand::Report {
        challenge: ChallengeId(3),
        outcome: Outcome::NoShow {
            challenger: true,
            defender: false,
        },
    };
    let text = serde_json::to_string(&cmd).unwrap();
    assert_eq!(serde_json::from_str::<LadderCommand>(&text).unwrap(), cmd);
}

fn command() -> impl Strategy<Value = LadderCommand> {
    let user = (1u64..12).prop_map(UserId);
    let outcome = prop_oneof![
        Just(Outcome::ChallengerWon),
        Just(Outcome::DefenderWon),
        Just(Outcome::Draw),
        Just(Outcome::TimedOut {
            side: Side::Challenger
        }),
        Just(Outcome::TimedOut {
            side: Side::Defender
        }),
        (any::<bool>(), any::<bool>()).prop_map(|(challenger, defender)| Outcome::NoShow {
            challenger,
            defender
        }),
    ];
    prop_oneof![
        (user.clone(), 1000u32..2000)
            .prop_map(|(user, rating)| LadderCommand::Join { user, rating }),
        user.clone().prop_map(|user| LadderCommand::Leave { user }),
        (user.clone(), user, 1000u32..2000).prop_map(|(challenger, defender, rating)| {
            LadderCommand::Challenge {
                challenger,
                defender,
                rating,
            }
        }),
        (1u64..30, outcome).prop_map(|(c, outcome)| LadderCommand::Report {
            challenge: ChallengeId(c),
            outcome
        }),
        Just(LadderCommand::Tick),
    ]
}

proptest! {
    #[test]
    fn places_stay_a_ranking_of_distinct_players(
        cmds in prop::collection::vec((command(), 0u64..(3 * DAY.0)), 1..120),
        by_rating in any::<bool>(),
    ) {
        let join = if by_rating { JoinAt::Rating } else { JoinAt::Bottom };
        let mut l = Ladder::new(LadderConfig { join, ..LadderConfig::default() });
        let mut now = Millis(0);
        let mut journal = Vec::new();
        for (cmd, step) in cmds {
            now += Millis(step);
            let before = order(&l);
            let text = serde_json::to_string(&cmd).unwrap();
            match l.apply(cmd, now) {
                Err(_) => prop_assert_eq!(order(&l), before),
                Ok(events) => {
                    journal.push((text, now));
                    let mut users = order(&l);
                    users.sort_unstable();
                    users.dedup();
                    prop_assert_eq!(users.len(), l.rungs.len());
                    // The events tell every change of place: applied to the old places they
                    // give the new ones (what the players' notices rely on).
                    let mut places: std::collections::BTreeMap<u64, u32> =
                        before.iter().enumerate().map(|(i, u)| (*u, i as u32 + 1)).collect();
                    for e in &events {
                        match e {
                            LadderEvent::Joined { user, place } => {
                                places.insert(user.0, *place);
                            }
                            LadderEvent::Left { user, place } | LadderEvent::Removed { user, place, .. } => {
                                prop_assert_eq!(places.remove(&user.0), Some(*place));
                            }
                            LadderEvent::Moved { user, from, to } => {
                                prop_assert_eq!(places.insert(user.0, *to), Some(*from));
                            }
                            _ => {}
                        }
                    }
                    let now_places: std::collections::BTreeMap<u64, u32> =
                        order(&l).iter().enumerate().map(|(i, u)| (*u, i as u32 + 1)).collect();
                    prop_assert_eq!(places, now_places);
                }
            }
            for c in &l.open {
                prop_assert!(l.place_of(c.challenger).is_some());
                prop_assert!(l.place_of(c.defender).is_some());
            }
            let ids: Vec<_> = l.open.iter().map(|c| c.id).collect();
            let mut sorted = ids.clone();
            sorted.dedup();
            prop_assert_eq!(ids.len(), sorted.len());
        }
        // The journal of accepted commands rebuilds the same ladder (what the server relies on).
        let mut again = Ladder::new(l.config.clone());
        for (text, at) in journal {
            let cmd: LadderCommand = serde_json::from_str(&text).unwrap();
            prop_assert!(again.apply(cmd, at).is_ok());
        }
        prop_assert_eq!(again, l);
    }
}
