//! Unit tests of [`super::Relays`]: a connection put on its feed by its `table_state`, notes
//! held until their events passed, gaps, the local answer to `join {since}`, the sweep.

use super::*;
use tokio::sync::mpsc;

const T: TableId = TableId(7);

fn ev(v: u64) -> Arc<str> {
    Arc::from(format!(r#"{{"t":"ev","table":7,"v":{v}}}"#))
}

fn state(epoch: &str, v: u64) -> Arc<str> {
    Arc::from(format!(
        r#"{{"t":"table_state","table":7,"epoch":"{epoch}","v":{v},"now":0,"state":{{}}}}"#
    ))
}

fn got(rx: &mut mpsc::Receiver<Arc<str>>) -> Vec<String> {
    let mut v = Vec::new();
    while let Ok(m) = rx.try_recv() {
        v.push(m.to_string());
    }
    v
}

fn task() -> AbortHandle {
    tokio::spawn(std::future::pending::<()>()).abort_handle()
}

#[tokio::test]
async fn a_state_puts_a_connection_on_its_feed_and_acks_wait_for_their_events() {
    let relays = Relays::default();
    let (out, mut rx, _closing) = Outbox::new();
    let (conn, user) = (ConnId(1), UserId(9));
    assert_eq!(
        relays.attach(T, None, (conn, user, &out), None),
        Err(Attach::NeedRelay)
    );
    assert_eq!(
        relays.attach(T, Some(task()), (conn, user, &out), None),
        Ok(false)
    );
    assert_eq!(relays.len(), 1);
    // Events before the connection's state: kept, not sent.
    for v in 1..=3 {
        assert!(relays.event(T, ("e", v), &ev(v), Millis(0)).is_empty());
    }
    assert!(got(&mut rx).is_empty());
    // Its state at 2: then event 3 from the relay's history.
    relays.note(conn, &out, Some(state("e", 2)), None, vec![(T, 2)]);
    assert_eq!(
        got(&mut rx),
        vec![state("e", 2).to_string(), ev(3).to_string()]
    );
    // An ack after event 5 waits for 4 and 5, and so does the note after it.
    let ack: Arc<str> = Arc::from(r#"{"t":"ack","id":1}"#);
    let chat: Arc<str> = Arc::from(r#"{"t":"my_bet"}"#);
    relays.note(conn, &out, Some(ack.clone()), None, vec![(T, 5)]);
    relays.note(conn, &out, Some(chat.clone()), None, Vec::new());
    relays.event(T, ("e", 4), &ev(4), Millis(0));
    assert_eq!(got(&mut rx), vec![ev(4).to_string()]);
    relays.event(T, ("e", 5), &ev(5), Millis(0));
    let want: Vec<String> = vec![ev(5).to_string(), ack.to_string(), chat.to_string()];
    assert_eq!(got(&mut rx), want);
    // Another feed's events are not this connection's.
    relays.event(T, ("e.spectators", 1), &ev(1), Millis(0));
    assert!(got(&mut rx).is_empty());
    relays.leave(T, conn);
    assert!(relays.is_empty());
}

#[tokio::test]
async fn a_gap_resyncs_and_since_is_answered_from_the_history() {
    let relays = Relays::default();
    let (out, mut rx, _c) = Outbox::new();
    let (a, b, user) = (ConnId(1), ConnId(2), UserId(9));
    relays.attach(T, Some(task()), (a, user, &out), None).ok();
    relays.note(a, &out, Some(state("e", 0)), None, Vec::new());
    for v in 1..=4 {
        relays.event(T, ("e", v), &ev(v), Millis(0));
    }
    got(&mut rx);
    // A second connection with `since` 2: events 3 and 4 from here.
    let (out_b, mut rx_b, _cb) = Outbox::new();
    let since = ("e".to_owned(), 2);
    assert_eq!(
        relays.attach(T, None, (b, user, &out_b), Some(&since)),
        Ok(true)
    );
    assert_eq!(got(&mut rx_b), vec![ev(3).to_string(), ev(4).to_string()]);
    // Another epoch, or a number no longer held: the owner's state is needed.
    let old = ("x".to_owned(), 2);
    assert_eq!(
        relays.attach(T, None, (b, user, &out_b), Some(&old)),
        Ok(false)
    );
    // Event 5 is lost: 6 resyncs both connections (b is waiting for its state: not b).
    let resync = relays.event(T, ("e", 6), &ev(6), Millis(0));
    assert_eq!(resync, vec![(T, a, user)]);
    assert!(got(&mut rx).is_empty());
    // The fresh state at 6 puts it back.
    relays.note(a, &out, Some(state("e", 6)), None, Vec::new());
    relays.event(T, ("e", 7), &ev(7), Millis(0));
    assert_eq!(
        got(&mut rx),
        vec![state("e", 6).to_string(), ev(7).to_string()]
    );
}

#[tokio::test]
async fn a_note_waits_at_most_hold_max() {
    let relays = Relays::default();
    let (out, mut rx, _c) = Outbox::new();
    let (conn, user) = (ConnId(1), UserId(9));
    relays
        .attach(T, Some(task()), (conn, user, &out), None)
        .ok();
    relays.note(conn, &out, Some(state("e", 3)), None, Vec::new());
    got(&mut rx);
    let ack: Arc<str> = Arc::from(r#"{"t":"ack","id":1}"#);
    relays.note(conn, &out, Some(ack.clone()), None, vec![(T, 4)]);
    assert!(relays.sweep(Instant::now()).is_empty());
    assert!(got(&mut rx).is_empty());
    let later = Instant::now() + HOLD_MAX;
    assert_eq!(relays.sweep(later), vec![(T, conn, user)]);
    assert_eq!(got(&mut rx), vec![ack.to_string()]);
    relays.drop_conn(conn);
    assert!(relays.is_empty());
}
