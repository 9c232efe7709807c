//! Quick pairing, open seeks and challenges (`platform::seek`).

use platform::clock::TimeControl;
use platform::seek::{
    Pairing, SeekBook, SeekError, SeekId, SeekKind, SeekOutcome, SeekRules, SeekSpec, Seeker,
};
use platform::{Millis, UserId};
use proptest::prelude::*;
use std::collections::BTreeSet;
use xiangqi::Color;

fn player(id: u64, rating: i32) -> Seeker {
    Seeker {
        user: UserId(id),
        rating,
        guest: false,
    }
}

fn guest(id: u64) -> Seeker {
    Seeker {
        user: UserId(id),
        rating: 1500,
        guest: true,
    }
}

fn quick(control: TimeControl) -> SeekSpec {
    SeekSpec {
        room: "r".into(),
        control,
        rated: true,
        color: None,
        kind: SeekKind::Quick,
    }
}

fn secs(n: u64) -> Millis {
    Millis::from_secs(n)
}

fn paired(outcome: SeekOutcome) -> Pairing {
    match outcome {
        SeekOutcome::Paired(p) => p,
        SeekOutcome::Waiting(s) => panic!("expected a pair, seek {} waits", s.id),
    }
}

fn waiting(outcome: SeekOutcome) -> SeekId {
    match outcome {
        SeekOutcome::Waiting(s) => s.id,
        SeekOutcome::Paired(p) => panic!("expected to wait, paired {p:?}"),
    }
}

#[test]
fn two_quick_seeks_of_one_control_and_close_ratings_pair_at_once() {
    let mut book = SeekBook::new(SeekRules::default());
    let a = waiting(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    let p = paired(
        book.seek(player(2, 1560), quick(TimeControl::blitz()), secs(1))
            .unwrap(),
    );
    assert_eq!(p.seek, a);
    assert_eq!(
        (p.red.user, p.black.user),
        (UserId(1), UserId(2)),
        "the lower rating plays Red"
    );
    assert_eq!(p.control, TimeControl::blitz());
    assert!(book.is_empty());
}

#[test]
fn different_controls_rated_modes_or_rooms_never_pair() {
    let mut book = SeekBook::new(SeekRules::default());
    waiting(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    waiting(
        book.seek(player(2, 1500), quick(TimeControl::ourgame()), secs(0))
            .unwrap(),
    );
    let mut unrated = quick(TimeControl::blitz());
    unrated.rated = false;
    waiting(book.seek(player(3, 1500), unrated, secs(0)).unwrap());
    let mut elsewhere = quick(TimeControl::blitz());
    elsewhere.room = "other".into();
    waiting(book.seek(player(4, 1500), elsewhere, secs(0)).unwrap());
    assert!(book.sweep(secs(3_000)).pairings.is_empty());
}

#[test]
fn the_rating_window_widens_with_waiting_until_any_rating_will_do() {
    let rules = SeekRules::default();
    assert_eq!(rules.window(secs(0), secs(0)), Some(100));
    assert_eq!(rules.window(secs(0), secs(5)), Some(150));
    assert_eq!(rules.window(secs(0), secs(59)), Some(500));
    assert_eq!(rules.window(secs(0), secs(60)), None);

    let mut book = SeekBook::new(rules);
    let a = waiting(
        book.seek(player(1, 1200), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    // 300 apart: too far for a new seek (±100) …
    let b = waiting(
        book.seek(player(2, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    assert!(book.sweep(secs(10)).pairings.is_empty(), "±200 after 10 s");
    // … both windows reach ±300 after 20 s.
    let sweep = book.sweep(secs(20));
    assert_eq!(sweep.pairings.len(), 1);
    assert_eq!(sweep.pairings[0].seek, a);
    assert!(book.get(a).is_none() && book.get(b).is_none());

    let mut book = SeekBook::new(rules);
    waiting(
        book.seek(player(1, 800), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    waiting(
        book.seek(player(2, 2400), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    assert!(book.sweep(secs(59)).pairings.is_empty());
    assert_eq!(
        book.sweep(secs(60)).pairings.len(),
        1,
        "any rating after a minute"
    );
}

#[test]
fn the_closest_rating_is_chosen_then_the_longest_waiting() {
    let mut book = SeekBook::new(SeekRules::default());
    // 1 and 2 are 170 apart: too far for each other.
    waiting(
        book.seek(player(1, 1590), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    let near_late = waiting(
        book.seek(player(2, 1420), quick(TimeControl::blitz()), secs(1))
            .unwrap(),
    );
    let p = paired(
        book.seek(player(3, 1500), quick(TimeControl::blitz()), secs(2))
            .unwrap(),
    );
    assert_eq!(p.seek, near_late, "80 points beat 90");
    // Equally close: the one who waited longer.
    let first = waiting(
        book.seek(player(4, 1400), quick(TimeControl::blitz()), secs(3))
            .unwrap(),
    );
    assert_eq!(book.get(first).map(|s| s.seeker.rating), Some(1400));
    let mut book = SeekBook::new(SeekRules::default());
    let early = waiting(
        book.seek(player(5, 1450), quick(TimeControl::ourgame()), secs(0))
            .unwrap(),
    );
    waiting(
        book.seek(player(6, 1650), quick(TimeControl::ourgame()), secs(1))
            .unwrap(),
    );
    let p = paired(
        book.seek(player(7, 1550), quick(TimeControl::ourgame()), secs(2))
            .unwrap(),
    );
    assert_eq!(p.seek, early);
}

#[test]
fn nobody_is_paired_with_themselves_and_a_duplicate_quick_seek_is_refused() {
    let mut book = SeekBook::new(SeekRules::default());
    let a = waiting(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    assert_eq!(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(1)),
        Err(SeekError::AlreadySeeking)
    );
    waiting(
        book.seek(player(1, 1500), quick(TimeControl::ourgame()), secs(1))
            .unwrap(),
    );
    assert!(book.sweep(secs(120)).pairings.is_empty());
    assert_eq!(
        book.accept(a, &player(1, 1500), secs(2)),
        Err(SeekError::OwnSeek)
    );
}

#[test]
fn a_cancelled_seek_never_pairs() {
    let mut book = SeekBook::new(SeekRules::default());
    let a = waiting(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    assert_eq!(book.cancel(a, UserId(2)), Err(SeekError::NotYours));
    assert_eq!(book.cancel(a, UserId(1)).map(|s| s.id), Ok(a));
    waiting(
        book.seek(player(2, 1500), quick(TimeControl::blitz()), secs(1))
            .unwrap(),
    );
    assert_eq!(
        book.accept(a, &player(3, 1500), secs(1)),
        Err(SeekError::NotFound)
    );
    assert!(book.sweep(secs(100)).pairings.is_empty());
}

#[test]
fn an_open_seek_is_accepted_exactly_once_and_never_paired_automatically() {
    let mut book = SeekBook::new(SeekRules::default());
    let mut spec = quick(TimeControl::blitz());
    spec.kind = SeekKind::Open;
    spec.color = Some(Color::Black);
    let a = waiting(book.seek(player(1, 1500), spec, secs(0)).unwrap());
    waiting(
        book.seek(player(2, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    assert!(book.sweep(secs(100)).pairings.is_empty());
    let p = book.accept(a, &player(3, 1900), secs(2)).unwrap();
    assert_eq!(
        (p.red.user, p.black.user),
        (UserId(3), UserId(1)),
        "the seeker's colour"
    );
    assert_eq!(
        book.accept(a, &player(4, 1500), secs(2)),
        Err(SeekError::NotFound)
    );
}

#[test]
fn a_challenge_is_for_the_named_player_and_a_link_for_anyone() {
    let mut book = SeekBook::new(SeekRules::default());
    let mut spec = quick(TimeControl::ourgame());
    spec.kind = SeekKind::Challenge(UserId(2));
    let c = waiting(book.seek(player(1, 1500), spec.clone(), secs(0)).unwrap());
    assert_eq!(book.listed("r").count(), 0, "challenges are not listed");
    assert_eq!(
        book.accept(c, &player(3, 1500), secs(1)),
        Err(SeekError::NotForYou)
    );
    assert!(book.accept(c, &player(2, 1500), secs(1)).is_ok());
    spec.kind = SeekKind::Challenge(UserId(1));
    assert_eq!(
        book.seek(player(1, 1500), spec, secs(0)),
        Err(SeekError::SelfChallenge)
    );

    let mut link = quick(TimeControl::ourgame());
    link.kind = SeekKind::Link;
    let l = waiting(book.seek(player(1, 1500), link, secs(0)).unwrap());
    assert!(book.accept(l, &player(9, 2600), secs(1)).is_ok());
}

#[test]
fn only_the_challenged_player_declines_a_challenge_and_it_never_pairs() {
    let mut book = SeekBook::new(SeekRules::default());
    let mut spec = quick(TimeControl::ourgame());
    spec.kind = SeekKind::Challenge(UserId(2));
    let c = waiting(book.seek(player(1, 1500), spec, secs(0)).unwrap());
    assert_eq!(book.decline(c, UserId(3)), Err(SeekError::NotForYou));
    assert_eq!(book.decline(c, UserId(1)), Err(SeekError::NotForYou));
    let gone = book.decline(c, UserId(2)).unwrap();
    assert_eq!(gone.id, c);
    assert!(book.is_empty());
    assert_eq!(
        book.accept(c, &player(2, 1500), secs(1)),
        Err(SeekError::NotFound)
    );
    assert_eq!(book.decline(c, UserId(2)), Err(SeekError::NotFound));
    // An open seek is not declined: it is simply not accepted.
    let mut open = quick(TimeControl::ourgame());
    open.kind = SeekKind::Open;
    let o = waiting(book.seek(player(1, 1500), open, secs(0)).unwrap());
    assert_eq!(book.decline(o, UserId(2)), Err(SeekError::NotForYou));
    assert_eq!(book.len(), 1);
}

#[test]
fn guests_play_unrated_only() {
    let mut book = SeekBook::new(SeekRules::default());
    assert_eq!(
        book.seek(guest(1), quick(TimeControl::blitz()), secs(0)),
        Err(SeekError::GuestRated)
    );
    let mut open = quick(TimeControl::blitz());
    open.kind = SeekKind::Open;
    let a = waiting(book.seek(player(2, 1500), open, secs(0)).unwrap());
    assert_eq!(
        book.accept(a, &guest(3), secs(0)),
        Err(SeekError::GuestRated)
    );
    let mut unrated = quick(TimeControl::blitz());
    unrated.rated = false;
    waiting(book.seek(guest(4), unrated.clone(), secs(0)).unwrap());
    paired(book.seek(guest(5), unrated, secs(0)).unwrap());
}

#[test]
fn wanted_colours_are_given_and_two_wanting_the_same_colour_do_not_pair() {
    let mut book = SeekBook::new(SeekRules::default());
    let mut red = quick(TimeControl::blitz());
    red.color = Some(Color::Red);
    waiting(book.seek(player(1, 1500), red.clone(), secs(0)).unwrap());
    waiting(book.seek(player(2, 1400), red, secs(0)).unwrap());
    let mut black = quick(TimeControl::blitz());
    black.color = Some(Color::Black);
    let p = paired(book.seek(player(3, 1300), black, secs(1)).unwrap());
    assert_eq!(p.black.user, UserId(3));
}

#[test]
fn seeks_expire_and_limits_hold() {
    let rules = SeekRules {
        per_user: 2,
        capacity: 3,
        ..SeekRules::default()
    };
    let mut book = SeekBook::new(rules);
    let mut open = quick(TimeControl::blitz());
    open.kind = SeekKind::Open;
    let a = waiting(book.seek(player(1, 1500), open.clone(), secs(0)).unwrap());
    waiting(
        book.seek(player(1, 1500), quick(TimeControl::ourgame()), secs(0))
            .unwrap(),
    );
    assert_eq!(
        book.seek(player(1, 1500), quick(TimeControl::qq()), secs(0)),
        Err(SeekError::TooMany)
    );
    let mut far = quick(TimeControl::qq());
    far.room = "far".into();
    waiting(book.seek(player(2, 1500), far.clone(), secs(0)).unwrap());
    assert_eq!(
        book.seek(player(3, 1500), far, secs(0)),
        Err(SeekError::TooMany),
        "the book is full"
    );
    let ttl = rules.seek_ttl;
    assert_eq!(
        book.accept(a, &player(4, 1500), ttl),
        Err(SeekError::NotFound),
        "expired"
    );
    assert_eq!(book.sweep(ttl).expired.len(), 3);
    assert!(book.is_empty());
}

#[test]
fn leaving_cancels_every_seek_of_the_user() {
    let mut book = SeekBook::new(SeekRules::default());
    waiting(
        book.seek(player(1, 1500), quick(TimeControl::blitz()), secs(0))
            .unwrap(),
    );
    waiting(
        book.seek(player(1, 1500), quick(TimeControl::ourgame()), secs(0))
            .unwrap(),
    );
    waiting(
        book.seek(player(2, 2500), quick(TimeControl::ourgame()), secs(0))
            .unwrap(),
    );
    assert_eq!(book.cancel_user(UserId(1)).len(), 2);
    assert_eq!(book.len(), 1);
}

#[derive(Clone, Debug)]
enum Op {
    Quick { user: u64, rating: i32, control: u8 },
    Open { user: u64, rating: i32 },
    Accept { seek: u64, user: u64 },
    Cancel { seek: u64, user: u64 },
    Sweep,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (1u64..12, 1000i32..2200, 0u8..2).prop_map(|(user, rating, control)| Op::Quick { user, rating, control }),
        1 => (1u64..12, 1000i32..2200).prop_map(|(user, rating)| Op::Open { user, rating }),
        2 => (1u64..40, 1u64..12).prop_map(|(seek, user)| Op::Accept { seek, user }),
        2 => (1u64..40, 1u64..12).prop_map(|(seek, user)| Op::Cancel { seek, user }),
        2 => Just(Op::Sweep),
    ]
}

proptest! {
    /// Whatever happens: a seek is taken at most once, never after it was cancelled, never by
    /// its own seeker; both players of a pair differ and agree on the control.
    #[test]
    fn a_seek_is_taken_at_most_once(ops in proptest::collection::vec(op(), 1..80)) {
        let mut book = SeekBook::new(SeekRules::default());
        let mut taken = BTreeSet::new();
        let mut cancelled = BTreeSet::new();
        let mut now = Millis::ZERO;
        let controls = [TimeControl::blitz(), TimeControl::ourgame()];
        let mut pairings = Vec::new();
        for op in ops {
            now += secs(3);
            match op {
                Op::Quick { user, rating, control } => {
                    if let Ok(SeekOutcome::Paired(p)) = book.seek(player(user, rating), quick(controls[usize::from(control)].clone()), now) {
                        pairings.push(p);
                    }
                }
                Op::Open { user, rating } => {
                    let mut spec = quick(TimeControl::blitz());
                    spec.kind = SeekKind::Open;
                    let _ = book.seek(player(user, rating), spec, now);
                }
                Op::Accept { seek, user } => {
                    if let Ok(p) = book.accept(SeekId(seek), &player(user, 1500), now) {
                        pairings.push(p);
                    }
                }
                Op::Cancel { seek, user } => {
                    if book.cancel(SeekId(seek), UserId(user)).is_ok() {
                        cancelled.insert(seek);
                    }
                }
                Op::Sweep => pairings.extend(book.sweep(now).pairings),
            }
            for p in pairings.drain(..) {
                prop_assert!(taken.insert(p.seek.0), "seek {} taken twice", p.seek);
                prop_assert!(!cancelled.contains(&p.seek.0), "cancelled seek {} paired", p.seek);
                prop_assert_ne!(p.red.user, p.black.user);
                prop_assert!(book.get(p.seek).is_none());
            }
        }
    }
}
