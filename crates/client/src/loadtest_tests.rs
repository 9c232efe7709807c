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
fn reads_moved_events_and_their_legal_moves_only() {
    let moved = r#"{"t":"ev","table":3,"v":9,"now":1,"e":{"type":"moved","color":"red","mv":"h2e2","ply":1,"clock":{},"fen":"x","legal":["h9g7","b9c7"],"warnings":[]}}"#;
    assert!(is_moved(moved));
    assert_eq!(moved_legal(moved), ["h9g7", "b9c7"]);
    let chat =
        r#"{"t":"ev","table":3,"v":9,"now":1,"e":{"type":"chat","text":"\"type\":\"moved\""}}"#;
    assert!(!is_moved(chat));
    assert!(!is_moved(r#"{"t":"ack","id":1}"#));
    assert!(!is_moved("not json"));
    assert!(moved_legal(r#"{"t":"ack","id":1}"#).is_empty());
}
