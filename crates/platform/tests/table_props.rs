//! Property tests of the table: random command sequences, valid and invalid, from players,
//! spectators and strangers, at random times.

use platform::clock::{Byoyomi, Stage, TimeControl};
use platform::table::{
    Action, Command, Event, Handicap, HandicapKind, Table, TableConfig, TableError,
};
use platform::{Millis, TableId, UserId};
use proptest::prelude::*;
use xiangqi::{Color, Move, Square};

/// Mostly the two players (1 and 2), sometimes a spectator or a stranger (3 and 4).
fn user() -> impl Strategy<Value = u64> {
    prop_oneof![4 => Just(1u64), 4 => Just(2u64), 1 => Just(3u64), 1 => Just(4u64)]
}

/// Mostly quick moves, sometimes long waits that let deadlines pass.
fn delay() -> impl Strategy<Value = u64> {
    prop_oneof![8 => 0u64..1_500, 1 => 0u64..20_000]
}

#[derive(Clone, Debug)]
enum Act {
    Join,
    Leave,
    Sit(bool),
    Stand,
    Ready(bool),
    Propose(u8),
    AcceptTc,
    DeclineTc,
    /// A handicap: 0–4 the named kinds and a free position, given by Red (even) or Black (odd).
    ProposeHc(u8),
    AcceptHc,
    DeclineHc,
    /// The n-th legal move (modulo their count), or a random move when there is none.
    Legal(usize),
    /// The n-th legal move, sent by the player on move whoever was drawn.
    Play(usize),
    /// A move between two arbitrary squares.
    Random(u8, u8),
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    RequestUndo,
    AcceptUndo,
    DeclineUndo,
    Resign,
    Abort,
    Disconnect,
    Reconnect,
    Chat(u8),
    Tick,
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        2 => Just(Act::Join),
        1 => Just(Act::Leave),
        4 => any::<bool>().prop_map(Act::Sit),
        1 => Just(Act::Stand),
        5 => prop_oneof![3 => Just(true), 1 => Just(false)].prop_map(Act::Ready),
        1 => (0u8..4).prop_map(Act::Propose),
        1 => Just(Act::AcceptTc),
        1 => Just(Act::DeclineTc),
        1 => (0u8..10).prop_map(Act::ProposeHc),
        1 => Just(Act::AcceptHc),
        1 => Just(Act::DeclineHc),
        10 => any::<usize>().prop_map(Act::Legal),
        30 => any::<usize>().prop_map(Act::Play),
        2 => (0u8..90, 0u8..90).prop_map(|(a, b)| Act::Random(a, b)),
        1 => Just(Act::OfferDraw),
        1 => Just(Act::AcceptDraw),
        1 => Just(Act::DeclineDraw),
        2 => Just(Act::RequestUndo),
        2 => Just(Act::AcceptUndo),
        1 => Just(Act::DeclineUndo),
        1 => Just(Act::Resign),
        1 => Just(Act::Abort),
        1 => Just(Act::Disconnect),
        2 => Just(Act::Reconnect),
        1 => (0u8..200).prop_map(Act::Chat),
        2 => Just(Act::Tick),
    ]
}

fn control(i: u8) -> TimeControl {
    match i {
        0 => TimeControl::untimed(),
        1 => TimeControl::fischer(Millis::from_secs(20), Millis::from_secs(1)),
        2 => TimeControl {
            stages: vec![
                Stage {
                    time: Millis::from_secs(10),
                    moves: 3,
                },
                Stage {
                    time: Millis::from_secs(5),
                    moves: 2,
                },
            ],
            per_move: Some(Millis::from_secs(8)),
            byoyomi: Some(Byoyomi {
                periods: 2,
                period: Millis::from_secs(3),
            }),
            increment: Millis::ZERO,
        },
        _ => TimeControl::per_move_only(Millis::from_secs(6)),
    }
}

fn action(t: &Table, user: UserId, a: &Act) -> Option<Action> {
    Some(match a {
        Act::Join => Action::Join,
        Act::Leave => Action::Leave,
        Act::Sit(red) => Action::Sit(if *red { Color::Red } else { Color::Black }),
        Act::Stand => Action::Stand,
        Act::Ready(b) => Action::Ready(*b),
        Act::Propose(i) => Action::ProposeTimeControl(control(*i)),
        Act::AcceptTc => Action::AcceptTimeControl,
        Act::DeclineTc => Action::DeclineTimeControl,
        Act::ProposeHc(i) => {
            let giver = if i % 2 == 0 { Color::Red } else { Color::Black };
            let kind = match i / 2 {
                0 => HandicapKind::FirstMove,
                1 => HandicapKind::Horse,
                2 => HandicapKind::TwoHorses,
                3 => HandicapKind::Chariot,
                _ => HandicapKind::Position("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1".into()),
            };
            Action::ProposeHandicap(Handicap::new(giver, kind))
        }
        Act::AcceptHc => Action::AcceptHandicap,
        Act::DeclineHc => Action::DeclineHandicap,
        Act::Legal(n) | Act::Play(n) => {
            let moves = t.game()?.position().legal_moves();
            let mv = *moves.get(n % moves.len().max(1))?;
            let _ = user;
            Action::Move {
                mv,
                lag: Millis((*n % 700) as u64),
            }
        }
        Act::Random(a, b) => Action::Move {
            mv: Move::new(Square::new(*a as usize), Square::new(*b as usize)),
            lag: Millis::ZERO,
        },
        Act::OfferDraw => Action::OfferDraw,
        Act::AcceptDraw => Action::AcceptDraw,
        Act::DeclineDraw => Action::DeclineDraw,
        Act::RequestUndo => Action::RequestUndo,
        Act::AcceptUndo => Action::AcceptUndo,
        Act::DeclineUndo => Action::DeclineUndo,
        Act::Resign => Action::Resign,
        Act::Abort => Action::Abort,
        Act::Disconnect => Action::Disconnect,
        Act::Reconnect => Action::Reconnect,
        Act::Chat(n) => Action::Chat("棋".repeat(usize::from(*n))),
        Act::Tick => return None,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_commands_keep_the_table_consistent(
        start_tc in 0u8..4,
        setup in any::<bool>(),
        steps in prop::collection::vec((user(), delay(), act()), 1..150),
    ) {
        let config = TableConfig {
            time_control: control(start_tc),
            reconnect_grace: Millis::from_secs(5),
            first_move_deadline: Some(Millis::from_secs(7)),
            max_spectators: 2,
            ..TableConfig::default()
        };
        let mut t = Table::new(TableId(1), config).unwrap();
        let mut now = Millis::ZERO;
        let mut last_number = 0;
        if setup {
            // Start most runs with a game in progress, so play is well covered.
            for (u, a) in [(1, Action::Sit(Color::Red)), (2, Action::Sit(Color::Black)), (1, Action::Ready(true)), (2, Action::Ready(true))] {
                t.apply(Command::new(UserId(u), a), now).unwrap();
            }
            prop_assert!(t.is_playing());
        }
        for (u, dt, a) in steps {
            now += Millis(dt);
            let mut user = UserId(u);
            if let (Act::Play(_), Some(g)) = (&a, t.game().filter(|g| g.is_playing())) {
                user = g.player(g.turn());
            }
            let Some(action) = action(&t, user, &a) else {
                let events = t.tick(now);
                prop_assert_eq!(t.invariant_violation(), None, "after tick {:?}", events);
                prop_assert!(t.tick(now).is_empty(), "a second tick at the same time did something");
                continue;
            };
            let was_playing = t.is_playing();
            let mover = t.game().filter(|g| g.is_playing()).map(|g| g.turn());
            let before = format!("{t:?}");
            let is_move = matches!(action, Action::Move { .. });
            match t.apply(Command::new(user, action), now) {
                Ok(events) => {
                    // A finished game never accepts a move; a move comes from the side on move.
                    for e in &events {
                        if let Event::Moved { color, .. } = e {
                            prop_assert!(was_playing);
                            prop_assert_eq!(Some(*color), mover);
                            prop_assert_eq!(t.game().unwrap().player(*color), user);
                        }
                        if let Event::GameStarted { .. } = e {
                            // A game starts from the agreed handicap's position, else the table's.
                            let g = t.game().unwrap();
                            let start = t.handicap().map_or_else(|| t.config().start.fen(), |a| a.start.fen());
                            prop_assert_eq!(g.start_position().fen(), start);
                            prop_assert_eq!(g.handicap(), t.handicap().map(|a| &a.handicap));
                        }
                        if let Event::GameStarted { red, black, number, .. } = e {
                            prop_assert_ne!(red, black);
                            prop_assert!(*number > last_number, "game numbers increase");
                            last_number = *number;
                        }
                    }
                    if is_move && !was_playing {
                        prop_assert!(false, "a move was accepted without a game");
                    }
                }
                Err(e) => {
                    prop_assert_eq!(&before, &format!("{t:?}"), "refused {:?} changed the table", e);
                    if is_move && !was_playing {
                        prop_assert!(matches!(e, TableError::NotPlaying | TableError::Paused));
                    }
                }
            }
            prop_assert_eq!(t.invariant_violation(), None);
            if let Some(g) = t.game() {
                if !g.is_playing() {
                    prop_assert!(g.end().is_some());
                    prop_assert_eq!(t.next_deadline().is_some(), t.seat(Color::Red).is_some_and(|s| s.away_since.is_some()) || t.seat(Color::Black).is_some_and(|s| s.away_since.is_some()));
                }
            }
        }
    }
}
