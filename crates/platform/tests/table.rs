//! Scenario tests of the table state machine.

use platform::clock::{Clock, TimeControl};
use platform::table::{
    AbortReason, Action, Command, Event, GameEnd, Table, TableConfig, TableError,
    FIRST_MOVE_DEADLINE, RECONNECT_GRACE,
};
use platform::{Millis, TableId, UserId};
use xiangqi::{Color, EndReason, GameResult, Move, Position};

const RED: UserId = UserId(1);
const BLACK: UserId = UserId(2);
const WATCHER: UserId = UserId(3);

fn secs(n: u64) -> Millis {
    Millis::from_secs(n)
}

fn cmd(t: &mut Table, user: UserId, action: Action, now: Millis) -> Result<Vec<Event>, TableError> {
    let before = format!("{t:?}");
    let r = t.apply(Command::new(user, action), now);
    if r.is_err() {
        assert_eq!(
            before,
            format!("{t:?}"),
            "a refused command changed the table"
        );
    }
    assert_eq!(t.invariant_violation(), None);
    r
}

fn ok(t: &mut Table, user: UserId, action: Action, now: Millis) -> Vec<Event> {
    cmd(t, user, action, now).unwrap()
}

fn mv(s: &str) -> Action {
    Action::Move {
        mv: s.parse().unwrap(),
        lag: Millis::ZERO,
    }
}

fn table_with(config: TableConfig) -> Table {
    let mut t = Table::new(TableId(1), config).unwrap();
    ok(&mut t, RED, Action::Sit(Color::Red), Millis::ZERO);
    ok(&mut t, BLACK, Action::Sit(Color::Black), Millis::ZERO);
    t
}

/// A table with a game started at 0 under `tc`.
fn playing(tc: TimeControl) -> Table {
    let mut t = table_with(TableConfig {
        time_control: tc,
        ..TableConfig::default()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    let ev = ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    assert!(matches!(ev.last(), Some(Event::GameStarted { .. })));
    t
}

fn last_end(events: &[Event]) -> Option<GameEnd> {
    events.iter().rev().find_map(|e| match e {
        Event::GameEnded(end) => Some(*end),
        _ => None,
    })
}

fn finished(reason: EndReason, result: GameResult, events: &[Event]) {
    match last_end(events) {
        Some(GameEnd::Finished { outcome, .. }) => {
            assert_eq!(
                (outcome.reason, outcome.result),
                (reason, result),
                "{events:?}"
            );
        }
        other => panic!("expected {reason:?}, got {other:?} in {events:?}"),
    }
}

#[test]
fn seats_are_exclusive_and_held_during_a_game() {
    let mut t = Table::new(TableId(1), TableConfig::default()).unwrap();
    ok(&mut t, RED, Action::Sit(Color::Red), Millis::ZERO);
    assert_eq!(
        cmd(&mut t, RED, Action::Sit(Color::Black), Millis::ZERO),
        Err(TableError::AlreadySeated)
    );
    assert_eq!(
        cmd(&mut t, BLACK, Action::Sit(Color::Red), Millis::ZERO),
        Err(TableError::SeatTaken(Color::Red))
    );
    ok(&mut t, WATCHER, Action::Join, Millis::ZERO);
    ok(&mut t, WATCHER, Action::Sit(Color::Black), Millis::ZERO);
    assert_eq!(t.spectators().count(), 0, "sitting leaves the spectators");
    ok(&mut t, WATCHER, Action::Stand, Millis::ZERO);
    assert_eq!(t.spectators().collect::<Vec<_>>(), vec![WATCHER]);
    ok(&mut t, BLACK, Action::Sit(Color::Black), Millis::ZERO);
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    assert!(t.is_playing());
    assert_eq!(
        cmd(&mut t, RED, Action::Stand, secs(1)),
        Err(TableError::GameInProgress)
    );
    assert_eq!(
        cmd(&mut t, WATCHER, Action::Resign, secs(1)),
        Err(TableError::NotAPlayer)
    );
}

#[test]
fn time_control_needs_both_players_to_agree() {
    let mut t = Table::new(TableId(1), TableConfig::default()).unwrap();
    ok(&mut t, RED, Action::Sit(Color::Red), Millis::ZERO);
    // Alone at the table: adopted at once.
    let ev = ok(
        &mut t,
        RED,
        Action::ProposeTimeControl(TimeControl::blitz()),
        Millis::ZERO,
    );
    assert_eq!(ev, vec![Event::TimeControlSet(TimeControl::blitz())]);
    ok(&mut t, BLACK, Action::Sit(Color::Black), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    ok(
        &mut t,
        RED,
        Action::ProposeTimeControl(TimeControl::qq()),
        Millis::ZERO,
    );
    assert!(
        !t.seat(Color::Black).unwrap().ready,
        "a proposal resets readiness"
    );
    assert_eq!(
        cmd(&mut t, RED, Action::AcceptTimeControl, Millis::ZERO),
        Err(TableError::OwnProposal)
    );
    assert_eq!(
        cmd(&mut t, BLACK, Action::Ready(true), Millis::ZERO),
        Err(TableError::ProposalPending)
    );
    let bad = TimeControl::two_stage(Millis::from_mins(200), 10, Millis::from_mins(5), 5);
    assert!(matches!(
        cmd(&mut t, BLACK, Action::ProposeTimeControl(bad), Millis::ZERO),
        Err(TableError::InvalidTimeControl(_))
    ));
    ok(&mut t, BLACK, Action::AcceptTimeControl, Millis::ZERO);
    assert_eq!(t.time_control(), &TimeControl::qq());
    ok(
        &mut t,
        BLACK,
        Action::ProposeTimeControl(TimeControl::untimed()),
        Millis::ZERO,
    );
    ok(&mut t, RED, Action::DeclineTimeControl, Millis::ZERO);
    assert_eq!(t.time_control(), &TimeControl::qq());
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    let ev = ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    assert!(ev.contains(&Event::GameStarted {
        number: 1,
        red: RED,
        black: BLACK,
        control: TimeControl::qq()
    }));
}

#[test]
fn players_act_only_on_their_own_turn_and_seat() {
    let mut t = playing(TimeControl::blitz());
    assert_eq!(
        cmd(&mut t, BLACK, mv("h7e7"), secs(1)),
        Err(TableError::NotYourTurn)
    );
    assert_eq!(
        cmd(&mut t, RED, mv("h7e7"), secs(1)),
        Err(TableError::IllegalMove("h7e7".parse().unwrap()))
    );
    assert_eq!(
        cmd(&mut t, WATCHER, mv("h2e2"), secs(1)),
        Err(TableError::NotAPlayer)
    );
    let ev = ok(&mut t, RED, mv("h2e2"), secs(2));
    let Event::Moved {
        color, ply, clock, ..
    } = &ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!((*color, *ply), (Color::Red, 1));
    assert_eq!(clock.red.game_time, Some(secs(301)));
    assert_eq!(
        cmd(&mut t, RED, mv("e2e6"), secs(3)),
        Err(TableError::NotYourTurn)
    );
    ok(&mut t, BLACK, mv("h7e7"), secs(4));
    assert_eq!(t.game().unwrap().ply(), 2);
}

fn mate_in_one_config() -> (TableConfig, Move) {
    // Red chariots on a8 and b1 against a lone king: b1b9 mates.
    let start = Position::from_fen("4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1").unwrap();
    let mut probe = start.clone();
    let mate = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let undo = probe.do_move(m);
            let mated = !probe.has_legal_move() && probe.is_check();
            probe.undo_move(m, undo);
            mated
        })
        .expect("a mate in one");
    let config = TableConfig {
        start,
        time_control: TimeControl::untimed(),
        ..TableConfig::default()
    };
    (config, mate)
}

#[test]
fn checkmate_ends_the_game_and_later_moves_are_refused() {
    let (config, mate) = mate_in_one_config();
    let mut t = table_with(config);
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    let ev = ok(
        &mut t,
        RED,
        Action::Move {
            mv: mate,
            lag: Millis::ZERO,
        },
        secs(1),
    );
    finished(EndReason::Checkmate, GameResult::RedWins, &ev);
    assert!(!t.is_playing());
    let any = t.game().unwrap().position().legal_moves().first().copied();
    if let Some(m) = any {
        assert_eq!(
            cmd(
                &mut t,
                BLACK,
                Action::Move {
                    mv: m,
                    lag: Millis::ZERO
                },
                secs(2)
            ),
            Err(TableError::NotPlaying)
        );
    }
    assert_eq!(
        cmd(&mut t, BLACK, Action::Resign, secs(2)),
        Err(TableError::NotPlaying)
    );
    // Players stay seated and can start the next game.
    ok(&mut t, RED, Action::Ready(true), secs(3));
    let ev = ok(&mut t, BLACK, Action::Ready(true), secs(3));
    assert!(matches!(
        ev.last(),
        Some(Event::GameStarted { number: 2, .. })
    ));
}

#[test]
fn draw_is_offered_on_move_and_declined_by_moving() {
    let mut t = playing(TimeControl::blitz());
    assert_eq!(
        cmd(&mut t, BLACK, Action::OfferDraw, secs(1)),
        Err(TableError::NotYourTurn)
    );
    ok(&mut t, RED, Action::OfferDraw, secs(1));
    assert_eq!(
        cmd(&mut t, RED, Action::OfferDraw, secs(1)),
        Err(TableError::AlreadyOffered)
    );
    assert_eq!(
        cmd(&mut t, RED, Action::AcceptDraw, secs(1)),
        Err(TableError::NoDrawOffer)
    );
    ok(&mut t, RED, mv("h2e2"), secs(2));
    assert_eq!(
        t.game().unwrap().draw_offer(),
        Some(Color::Red),
        "still open"
    );
    ok(&mut t, BLACK, mv("h7e7"), secs(3));
    assert_eq!(t.game().unwrap().draw_offer(), None, "declined by moving");
    ok(&mut t, RED, Action::OfferDraw, secs(4));
    ok(&mut t, BLACK, Action::DeclineDraw, secs(5));
    ok(&mut t, RED, Action::OfferDraw, secs(6));
    let ev = ok(&mut t, BLACK, Action::AcceptDraw, secs(7));
    finished(EndReason::Agreement, GameResult::Draw, &ev);
}

#[test]
fn undo_takes_back_one_or_two_moves_and_restores_clocks() {
    let mut t = playing(TimeControl::fischer(Millis::from_mins(5), Millis::ZERO));
    assert_eq!(
        cmd(&mut t, RED, Action::RequestUndo, secs(1)),
        Err(TableError::NothingToUndo)
    );
    ok(&mut t, RED, mv("h2e2"), secs(10));
    // Red (not on move) takes back its own move.
    ok(&mut t, RED, Action::RequestUndo, secs(11));
    assert_eq!(
        cmd(&mut t, RED, Action::AcceptUndo, secs(12)),
        Err(TableError::NoUndoRequest)
    );
    let ev = ok(&mut t, BLACK, Action::AcceptUndo, secs(12));
    assert!(matches!(
        ev[0],
        Event::Undone {
            plies: 1,
            ply: 0,
            ..
        }
    ));
    let g = t.game().unwrap();
    assert_eq!(g.position(), &Position::startpos());
    assert_eq!(g.clock().player(Color::Red).remaining, Millis::from_mins(5));
    assert_eq!(g.clock().turn(), Color::Red);
    ok(&mut t, RED, mv("h2e2"), secs(20));
    ok(&mut t, BLACK, mv("h7e7"), secs(50));
    // Red on move: takes back Black's reply and its own move.
    ok(&mut t, RED, Action::RequestUndo, secs(51));
    ok(&mut t, BLACK, Action::AcceptUndo, secs(52));
    let g = t.game().unwrap();
    assert_eq!(g.ply(), 0);
    assert_eq!(
        g.clock().player(Color::Black).remaining,
        Millis::from_mins(5)
    );
    // Declined requests change nothing but the request.
    ok(&mut t, RED, mv("b2e2"), secs(60));
    ok(&mut t, RED, Action::RequestUndo, secs(61));
    ok(&mut t, BLACK, Action::DeclineUndo, secs(62));
    assert_eq!(t.game().unwrap().ply(), 1);
}

#[test]
fn every_undo_the_limit_allows_restores_the_clocks_of_a_long_game() {
    // Only the clocks an undo can still reach are kept: after 40 plies, all six undos (three
    // each, two plies when on move) still restore both clocks exactly as they were.
    let mut t = playing(TimeControl::fischer(Millis::from_mins(10), secs(2)));
    let mut clocks = vec![t.game().unwrap().clock().clone()];
    let mut now = secs(0);
    let mut seed = 7u64;
    for ply in 0..40u64 {
        now += secs(3 + ply % 7);
        let g = t.game().unwrap();
        let legal = g.position().legal_moves();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let m = legal[(seed >> 33) as usize % legal.len()];
        let who = g.player(g.turn());
        ok(
            &mut t,
            who,
            Action::Move {
                mv: m,
                lag: Millis::ZERO,
            },
            now,
        );
        assert!(t.is_playing(), "the game went on at ply {ply}");
        clocks.push(t.game().unwrap().clock().clone());
    }
    // Red, on move, takes back two plies three times; Red moves; Black, on move, takes back two
    // plies three times: the furthest reach the limit allows.
    let undo = |t: &mut Table, asker: UserId, granter: UserId, now: Millis, clocks: &[Clock]| {
        let keep = t.game().unwrap().ply() - 2;
        ok(t, asker, Action::RequestUndo, now);
        ok(t, granter, Action::AcceptUndo, now);
        let g = t.game().unwrap();
        assert_eq!(g.ply(), keep);
        for c in Color::ALL {
            assert_eq!(
                g.clock().player(c),
                clocks[keep].player(c),
                "{c:?} after undo to {keep}"
            );
        }
    };
    for _ in 0..3 {
        now += secs(1);
        undo(&mut t, RED, BLACK, now, &clocks);
    }
    now += secs(4);
    let ply = t.game().unwrap().ply();
    let m = t.game().unwrap().position().legal_moves()[0];
    ok(
        &mut t,
        RED,
        Action::Move {
            mv: m,
            lag: Millis::ZERO,
        },
        now,
    );
    clocks.truncate(ply + 1);
    clocks.push(t.game().unwrap().clock().clone());
    for _ in 0..3 {
        now += secs(1);
        undo(&mut t, BLACK, RED, now, &clocks);
    }
    assert_eq!(
        cmd(&mut t, BLACK, Action::RequestUndo, now),
        Err(TableError::UndoLimit)
    );
}

#[test]
fn undo_limit_and_undo_not_allowed() {
    let mut t = playing(TimeControl::untimed());
    for i in 0..3 {
        ok(&mut t, RED, mv("h2e2"), secs(2 * i));
        ok(&mut t, RED, Action::RequestUndo, secs(2 * i + 1));
        ok(&mut t, BLACK, Action::AcceptUndo, secs(2 * i + 1));
    }
    ok(&mut t, RED, mv("h2e2"), secs(10));
    assert_eq!(
        cmd(&mut t, RED, Action::RequestUndo, secs(11)),
        Err(TableError::UndoLimit)
    );
    let mut t = table_with(TableConfig {
        undo_allowed: false,
        ..TableConfig::default()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    ok(&mut t, RED, mv("h2e2"), secs(1));
    assert_eq!(
        cmd(&mut t, RED, Action::RequestUndo, secs(2)),
        Err(TableError::UndoNotAllowed)
    );
}

#[test]
fn resign_and_abort() {
    let mut t = playing(TimeControl::blitz());
    let ev = ok(&mut t, BLACK, Action::Abort, secs(1));
    assert_eq!(
        last_end(&ev),
        Some(GameEnd::Aborted {
            reason: AbortReason::Requested(Color::Black),
            plies: 0
        })
    );
    ok(&mut t, RED, Action::Ready(true), secs(2));
    ok(&mut t, BLACK, Action::Ready(true), secs(2));
    ok(&mut t, RED, mv("h2e2"), secs(3));
    ok(&mut t, BLACK, mv("h7e7"), secs(4));
    assert_eq!(
        cmd(&mut t, RED, Action::Abort, secs(5)),
        Err(TableError::TooLateToAbort)
    );
    let ev = ok(&mut t, RED, Action::Resign, secs(5));
    finished(EndReason::Resignation, GameResult::BlackWins, &ev);
}

#[test]
fn missing_first_move_aborts() {
    let mut t = playing(TimeControl::blitz());
    assert!(t.tick(FIRST_MOVE_DEADLINE).is_empty());
    assert_eq!(t.next_deadline(), Some(FIRST_MOVE_DEADLINE + Millis(1)));
    let ev = t.tick(FIRST_MOVE_DEADLINE + Millis(1));
    assert_eq!(
        last_end(&ev),
        Some(GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(Color::Red),
            plies: 0
        })
    );
    assert_eq!(t.invariant_violation(), None);
}

#[test]
fn first_move_deadline_is_shown_for_the_side_on_move() {
    let mut t = playing(TimeControl::blitz());
    // `playing` starts the game at 0: Red owes the first move.
    assert_eq!(t.first_move_due(), Some((Color::Red, FIRST_MOVE_DEADLINE)));
    ok(&mut t, RED, mv("h2e2"), secs(3));
    // Black's own deadline runs from Red's move.
    assert_eq!(
        t.first_move_due(),
        Some((Color::Black, secs(3) + FIRST_MOVE_DEADLINE))
    );
    ok(&mut t, BLACK, mv("h7e7"), secs(4));
    assert_eq!(t.first_move_due(), None);
}

#[test]
fn flag_falls_lazily_and_on_tick() {
    let tc = TimeControl::per_move_only(secs(20));
    let config = TableConfig {
        first_move_deadline: None,
        ..TableConfig::default()
    };
    // Lazily: the next command settles it first.
    let mut t = table_with(TableConfig {
        time_control: tc.clone(),
        ..config.clone()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    ok(&mut t, RED, mv("h2e2"), secs(5));
    let ev = ok(&mut t, WATCHER, Action::Join, secs(60));
    finished(EndReason::Timeout, GameResult::RedWins, &ev);
    assert!(matches!(ev.last(), Some(Event::Joined(_))));
    // On tick, at the deadline the server was told.
    let mut t = table_with(TableConfig {
        time_control: tc,
        ..config
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    let at = t.next_deadline().unwrap();
    assert!(at > secs(20));
    assert!(t.tick(Millis(at.0 - 1)).is_empty());
    finished(EndReason::Timeout, GameResult::BlackWins, &t.tick(at));
}

#[test]
fn disconnection_grace_then_abandonment() {
    let mut t = playing(TimeControl::untimed());
    ok(&mut t, RED, mv("h2e2"), secs(1));
    ok(&mut t, BLACK, Action::Disconnect, secs(2));
    ok(&mut t, BLACK, Action::Reconnect, secs(30));
    ok(&mut t, BLACK, mv("h7e7"), secs(31));
    ok(&mut t, BLACK, Action::Disconnect, secs(40));
    assert_eq!(
        t.next_deadline(),
        Some(secs(40) + RECONNECT_GRACE + Millis(1))
    );
    assert!(t.tick(secs(40) + RECONNECT_GRACE).is_empty());
    let ev = t.tick(secs(41) + RECONNECT_GRACE);
    finished(EndReason::Abandoned, GameResult::RedWins, &ev);
    assert!(t.seat(Color::Black).is_none(), "the leaver's seat is freed");
    assert_eq!(t.invariant_violation(), None);
}

#[test]
fn leaving_during_a_game_loses_it() {
    let mut t = playing(TimeControl::blitz());
    ok(&mut t, RED, mv("h2e2"), secs(1));
    let ev = ok(&mut t, RED, Action::Leave, secs(2));
    finished(EndReason::Abandoned, GameResult::BlackWins, &ev);
    assert!(t.seat(Color::Red).is_none());
    assert!(!t.is_present(RED));
}

#[test]
fn spectators_and_chat() {
    let mut t = Table::new(
        TableId(1),
        TableConfig {
            max_spectators: 1,
            ..TableConfig::default()
        },
    )
    .unwrap();
    ok(&mut t, WATCHER, Action::Join, Millis::ZERO);
    assert_eq!(
        cmd(&mut t, WATCHER, Action::Join, Millis::ZERO),
        Err(TableError::AlreadyHere)
    );
    assert_eq!(
        cmd(&mut t, UserId(9), Action::Join, Millis::ZERO),
        Err(TableError::TableFull)
    );
    assert_eq!(
        cmd(&mut t, UserId(9), Action::Chat("hi".into()), Millis::ZERO),
        Err(TableError::NotAtTable)
    );
    for i in 0..5 {
        ok(&mut t, WATCHER, Action::Chat(format!("msg {i}")), Millis(i));
    }
    assert!(matches!(
        cmd(&mut t, WATCHER, Action::Chat("again".into()), Millis(100)),
        Err(TableError::ChatFlood { .. })
    ));
    assert_eq!(
        cmd(&mut t, WATCHER, Action::Chat("长".repeat(141)), secs(60)),
        Err(TableError::ChatTooLong { max: 140 })
    );
    ok(&mut t, WATCHER, Action::Leave, secs(60));
    assert_eq!(
        cmd(&mut t, WATCHER, Action::Leave, secs(60)),
        Err(TableError::NotAtTable)
    );
}

#[test]
fn pause_charges_no_downtime() {
    let mut t = playing(TimeControl::blitz());
    ok(&mut t, RED, mv("h2e2"), secs(1));
    t.pause(secs(2)).unwrap();
    assert_eq!(
        cmd(&mut t, BLACK, mv("h7e7"), secs(3)),
        Err(TableError::Paused)
    );
    assert!(t.tick(Millis::from_mins(60)).is_empty());
    t.resume(Millis::from_mins(60)).unwrap();
    ok(&mut t, BLACK, mv("h7e7"), Millis::from_mins(60) + secs(4));
    let black = t.game().unwrap().clock().player(Color::Black).remaining;
    assert_eq!(black, secs(300 - 5 + 3));
}

#[test]
fn a_move_after_the_flag_ends_the_game_on_time() {
    let mut t = playing(TimeControl::fischer(Millis::from_mins(5), Millis::ZERO));
    ok(&mut t, RED, mv("h2e2"), secs(1));
    ok(&mut t, BLACK, mv("h7e7"), secs(2)); // Black has 299 s left
    ok(&mut t, RED, mv("b2c2"), secs(3));
    // 1 ms past Black's time, within the lag grace: the tick does not flag yet …
    let late = secs(3 + 299) + Millis(1);
    assert!(t.tick(late).is_empty());
    // … and a move without lag credit is answered by the timeout.
    let ev = ok(&mut t, BLACK, mv("b7c7"), late);
    finished(EndReason::Timeout, GameResult::RedWins, &ev);
    assert!(!ev.iter().any(|e| matches!(e, Event::Moved { .. })));
}

#[test]
fn reported_lag_is_credited_on_moves() {
    let mut t = playing(TimeControl::blitz());
    let ev = ok(
        &mut t,
        RED,
        Action::Move {
            mv: "h2e2".parse().unwrap(),
            lag: Millis(400),
        },
        secs(10),
    );
    let Event::Moved { clock, .. } = &ev[0] else {
        panic!("{ev:?}")
    };
    // 10 s less 0.4 s of lag, plus the 3 s increment.
    assert_eq!(clock.red.game_time, Some(Millis(300_000 - 9_600 + 3_000)));
}

#[test]
fn rulings_end_the_game_on_perpetual_check() {
    // Black's pawn checks forever (RULES.md §6.8): Black loses on the 8th ply.
    let start = Position::from_fen("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1").unwrap();
    let mut t = table_with(TableConfig {
        start,
        time_control: TimeControl::untimed(),
        ..TableConfig::default()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    let moves = [
        "f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2", "e1f1", "e2f2",
    ];
    let mut ev = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        assert!(t.is_playing(), "ended early at ply {i}");
        let user = if i % 2 == 0 { RED } else { BLACK };
        ev = ok(&mut t, user, mv(m), secs(i as u64 + 1));
    }
    finished(EndReason::PerpetualCheck, GameResult::RedWins, &ev);
    assert_eq!(last_end(&ev).map(|e| e.plies()), Some(8));
}

#[test]
fn a_start_position_that_is_already_over_is_refused() {
    let bare_kings = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let r = Table::new(
        TableId(1),
        TableConfig {
            start: bare_kings,
            ..TableConfig::default()
        },
    );
    assert_eq!(r.err(), Some(TableError::FinishedStart));
}

#[test]
fn a_table_with_a_control_per_colour_starts_its_games_on_both() {
    let red = TimeControl::fischer(Millis::from_mins(6), secs(3));
    let black = TimeControl::fischer(Millis::from_mins(4), secs(3));
    let mut t = table_with(TableConfig {
        time_control: red.clone(),
        black_time_control: Some(black.clone()),
        ..TableConfig::default()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    let clock = t.game().unwrap().clock();
    assert_eq!(
        (clock.control(), clock.black_control()),
        (&red, Some(&black))
    );
    let view = clock.snapshot(Millis::ZERO);
    assert_eq!(
        (view.red.game_time, view.black.game_time),
        (Some(secs(360)), Some(secs(240)))
    );
    // A bad control for Black is refused with the table.
    let bad = TimeControl {
        increment: Millis::from_mins(100),
        ..black
    };
    let config = TableConfig {
        black_time_control: Some(bad),
        ..TableConfig::default()
    };
    assert!(matches!(
        Table::new(TableId(2), config),
        Err(TableError::InvalidTimeControl(_))
    ));
}

#[test]
fn berserk_halves_one_side_before_its_first_move_only() {
    let tc = TimeControl::fischer(secs(300), secs(3));
    // Not at an ordinary table.
    let mut t = playing(tc.clone());
    assert_eq!(
        cmd(&mut t, RED, Action::Berserk, secs(1)),
        Err(TableError::BerserkRefused)
    );
    let mut t = table_with(TableConfig {
        time_control: tc.clone(),
        berserk: true,
        ..TableConfig::default()
    });
    ok(&mut t, RED, Action::Ready(true), Millis::ZERO);
    ok(&mut t, BLACK, Action::Ready(true), Millis::ZERO);
    assert_eq!(
        cmd(&mut t, WATCHER, Action::Berserk, secs(1)),
        Err(TableError::NotAPlayer)
    );
    let ev = ok(&mut t, BLACK, Action::Berserk, secs(1));
    match ev.as_slice() {
        [Event::Berserked { color, control, .. }] => {
            assert_eq!(*color, Color::Black);
            assert_eq!(control.increment, Millis::ZERO);
            assert_eq!(control.stages[0].time, secs(150));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cmd(&mut t, BLACK, Action::Berserk, secs(2)),
        Err(TableError::BerserkRefused),
        "once"
    );
    ok(&mut t, RED, mv("h2e2"), secs(5));
    assert_eq!(
        cmd(&mut t, RED, Action::Berserk, secs(6)),
        Err(TableError::BerserkRefused),
        "Red has moved"
    );
    let clock = t.game().unwrap().clock();
    assert_eq!(clock.player(Color::Red).remaining, secs(300 - 5 + 3));
    assert_eq!(clock.player(Color::Black).remaining, secs(150));
}
