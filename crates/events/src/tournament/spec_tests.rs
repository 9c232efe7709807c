//! A tournament's spec: what is refused, with a reason, and what reads back.

use super::spec::*;
use platform::rating::RatingScope;
use platform::table::RepetitionPolicy;
use xiangqi::rulings::RuleSet;

#[test]
fn bad_specs_are_refused_with_a_reason() {
    assert!(Spec::default().check().is_ok());
    let bad = |f: fn(&mut Spec)| {
        let mut s = Spec::default();
        f(&mut s);
        s.check().unwrap_err()
    };
    assert!(bad(|s| s.rounds = 0).contains("rounds"));
    assert!(bad(|s| s.system = "ladder".into()).contains("system"));
    assert!(bad(|s| s.minutes = 0).contains("minutes"));
    assert!(bad(|s| s.berserk_min_moves = 0).contains("berserk_min_moves"));
    assert!(bad(|s| s.team_top = 3).contains("team_top"), "not an arena");
    assert!(bad(|s| {
        s.system = "arena".into();
        s.team_top = MAX_TEAM_TOP + 1;
    })
    .contains("team_top"));
    assert!(bad(|s| s.berserk_min_moves = u32::MAX).contains("berserk_min_moves"));
    let edge = Spec {
        berserk_min_moves: MAX_BERSERK_MIN_MOVES,
        ..Spec::default()
    };
    assert!(edge.check().is_ok());
    assert!(bad(|s| s.cycles = 0).contains("cycles"));
    assert!(bad(|s| s.games = 21).contains("games"));
    assert!(bad(|s| s.time_control = "slow".into()).contains("time control"));
    assert!(bad(|s| s.spectator_delay_plies = 101).contains("spectator_delay_plies"));
    assert!(bad(|s| s.spectator_delay_secs = 3_601).contains("spectator_delay_secs"));
    assert!(bad(|s| s.prizes = vec![600, 600]).contains("prizes"));
    assert!(bad(|s| s.entry_fee = -1).contains("entry_fee"));
    assert!(bad(|s| s.rules = "fide".into()).contains("rule profile"));
    assert!(bad(|s| s.repetition = "forbid".into()).contains("repetition"));
    assert!(bad(|s| s.move_limit = 5_000).contains("move_limit"));
}

#[test]
fn an_event_may_rate_in_a_pool_of_its_own() {
    let old: Spec = serde_json::from_str(r#"{"system":"swiss"}"#).expect("old spec");
    assert_eq!(old.rating, RatingScope::Site);
    let pooled: Spec =
        serde_json::from_str(r#"{"rating":{"pool":"spring-open","profile":"glicko2"}}"#)
            .expect("pool");
    let pool = pooled.rating.pool().expect("a pool");
    assert_eq!(
        (pool.name.as_str(), pool.profile.name()),
        ("spring-open", "glicko2")
    );
    let text = serde_json::to_string(&pooled).expect("json");
    assert_eq!(serde_json::from_str::<Spec>(&text).expect("back"), pooled);
    let err = serde_json::from_str::<Spec>(r#"{"rating":{"pool":"x","profile":"fide"}}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown rating profile"), "{err}");
}

#[test]
fn an_event_stored_before_its_rules_were_configurable_plays_the_defaults() {
    let old: Spec = serde_json::from_str(r#"{"system":"swiss","rounds":3}"#).expect("old spec");
    let (rules, policy) = old.table_rules().expect("defaults");
    assert_eq!(rules, RuleSet::default());
    assert_eq!(policy, RepetitionPolicy::Warn);
    let cxa: Spec =
        serde_json::from_str(r#"{"rules":"cxa","move_limit":50,"repetition":"refuse"}"#)
            .expect("spec");
    let (rules, policy) = cxa.table_rules().expect("cxa");
    assert_eq!(rules.move_limit, Some(100));
    assert_eq!(policy, RepetitionPolicy::Refuse);
    assert!(old.spectator_delay().expect("none").is_none());
    let delayed: Spec =
        serde_json::from_str(r#"{"spectator_delay_plies":4,"spectator_delay_secs":30}"#)
            .expect("spec");
    let d = delayed.spectator_delay().expect("delay");
    assert_eq!((d.plies, d.secs), (4, 30));
}
