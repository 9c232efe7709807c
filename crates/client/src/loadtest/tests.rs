//! The load test's own arithmetic and frame reading.

use super::*;

#[test]
fn each_full_window_has_its_own_99th_percentile() {
    let sample = |sent_ms, micros| Sample { sent_ms, micros };
    // Window 0: 1,000 moves of 1 ms but twenty of 50 ms; window 1: 1,000 of 2 ms; window 2:
    // too few moves to count.
    let mut samples: Vec<Sample> = (0..980).map(|i| sample(i, 1_000)).collect();
    samples.extend((0..20).map(|i| sample(9_000 + i, 50_000)));
    samples.extend((0..1_000).map(|i| sample(10_000 + i, 2_000)));
    samples.extend((0..5).map(|i| sample(20_000 + i, 90_000)));
    samples.reverse();
    assert_eq!(
        p99_by_window(samples),
        [Duration::from_millis(50), Duration::from_millis(2)]
    );
    assert_eq!(percentile(&[], 0.99), Duration::ZERO);
    assert_eq!(percentile(&[1, 2, 3], 1.0), Duration::from_micros(3));
}

#[test]
fn reads_moves_ends_acks_and_refusals_only() {
    use frame::{Frame, Seen};
    let moved = r#"{"t":"ev","table":3,"v":9,"now":1,"e":{"type":"moved","color":"red","mv":"h2e2","ply":1,"clock":{},"fen":"x","legal":["h9g7","b9c7"],"warnings":[]}}"#;
    assert!(Frame::is_news(moved));
    assert_eq!(
        Frame::seen(moved, 7),
        Seen::Moved(vec!["h9g7".into(), "b9c7".into()])
    );
    let chat =
        r#"{"t":"ev","table":3,"v":9,"now":1,"e":{"type":"chat","text":"\"type\":\"moved\""}}"#;
    assert!(!Frame::is_news(chat));
    assert_eq!(Frame::seen(chat, 7), Seen::Other);
    let ended = r#"{"t":"ev","table":3,"e":{"type":"game_ended","end":{"kind":"aborted","reason":"no_first_move","by":"red"}}}"#;
    assert!(Frame::is_news(ended));
    assert_eq!(Frame::seen(ended, 7), Seen::Ended("no_first_move".into()));
    assert_eq!(Frame::seen(r#"{"t":"ack","id":7}"#, 7), Seen::Ack);
    assert_eq!(Frame::seen(r#"{"t":"ack","id":8}"#, 7), Seen::Other);
    let refused = r#"{"t":"error","id":7,"table":3,"code":"not_your_turn","message":"x"}"#;
    assert!(Frame::is_news(refused));
    assert_eq!(
        Frame::seen(refused, 7),
        Seen::Refused("not_your_turn".into())
    );
    assert!(!Frame::is_news("not json"));
    assert_eq!(Frame::seen("not json", 7), Seen::Other);
}

#[test]
fn a_timeout_names_how_far_the_move_got() {
    let mut t = failure::MoveTrace {
        ply: 17,
        sent: true,
        ..Default::default()
    };
    assert_eq!(t.timeout_cause(), Cause::NotAcknowledged);
    assert_eq!(
        t.describe(),
        "ply 17: sent, not acknowledged, not echoed, not relayed"
    );
    t.acked = true;
    t.echoed = true;
    assert_eq!(t.timeout_cause(), Cause::NotRelayed);
    assert_eq!(
        t.describe(),
        "ply 17: sent, acknowledged, echoed, not relayed"
    );
}

#[test]
fn failures_are_counted_by_cause_with_their_first_example() {
    let mut f = Failures::default();
    for (cause, table) in [
        (Cause::NotRelayed, 1),
        (Cause::Ended("no_first_move".into()), 2),
        (Cause::NotRelayed, 3),
    ] {
        f.add(Failure {
            cause,
            table,
            last_move: None,
        });
    }
    assert_eq!(f.total(), 3);
    let (n, first) = &f.by_cause[&Cause::NotRelayed];
    assert_eq!((*n, first.table), (2, 1));
    let report = LoadReport {
        failures: f,
        ..LoadReport::default()
    };
    assert_eq!(
        report.first_error().as_deref(),
        Some("game ended early: no_first_move (table 2)")
    );
}
