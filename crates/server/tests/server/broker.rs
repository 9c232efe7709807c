//! The broker's conformance suite, run against both implementations: the in-process one and
//! NATS (the real server at `NATS_URL`, default `nats://127.0.0.1:4222`, with a fresh subject
//! prefix per test). Publish and subscribe with a wildcard, request/reply, no responders
//! answered at once, a timeout, unsubscribing on drop, a lagging subscriber kept bounded; and a
//! NATS client that survives its server's restart (a second `nats-server` of the test's own).

use bus::{Broker, RequestError, Subscription};
use bytes::Bytes;
use platform::{TableId, UserId};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const DEFAULT_NATS: &str = "nats://127.0.0.1:4222";

/// A prefix no other test uses.
fn fresh_prefix() -> String {
    format!("test{:016x}", rand::random::<u64>())
}

/// Both brokers to test: in-process, and NATS unless it cannot be reached and `NATS_URL` was
/// not set (then only the in-process one, said on stderr). With `NATS_URL` set, NATS must work.
async fn brokers() -> Vec<(&'static str, Broker)> {
    let mut all = vec![("local", Broker::local(&fresh_prefix()))];
    let given = std::env::var("NATS_URL").ok().filter(|u| !u.is_empty());
    let url = given.clone().unwrap_or_else(|| DEFAULT_NATS.to_owned());
    match Broker::connect_nats(&url, &fresh_prefix()).await {
        Ok(b) => all.push(("nats", b)),
        Err(e) if given.is_none() => eprintln!("skipping the NATS broker: {e}"),
        Err(e) => panic!("NATS_URL={url}: {e}"),
    }
    all
}

async fn next(sub: &mut Subscription, what: &str) -> bus::Message {
    tokio::time::timeout(Duration::from_secs(5), sub.next())
        .await
        .unwrap_or_else(|_| panic!("{what}: nothing within 5 s"))
        .unwrap_or_else(|| panic!("{what}: the subscription ended"))
}

/// Nothing more arrives within a short while.
async fn quiet(sub: &mut Subscription, what: &str) {
    if let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(200), sub.next()).await {
        panic!("{what}: unexpected message on {}", m.subject);
    }
}

#[tokio::test]
async fn publish_reaches_matching_subscriptions_in_order() {
    for (name, b) in brokers().await {
        let s = b.subjects().clone();
        let mut every = b.subscribe(&s.every_user()).await.unwrap();
        let mut one = b.subscribe(&s.user(UserId(1))).await.unwrap();
        for (subject, text) in [
            (s.user(UserId(1)), "a"),
            (s.user(UserId(2)), "b"),
            (s.lobby(), "c"),
            (s.user(UserId(1)), "d"),
        ] {
            b.publish(&subject, Bytes::from(text)).await.unwrap();
        }
        b.flush().await.unwrap();
        let got: Vec<(String, Bytes)> = [
            next(&mut every, name).await,
            next(&mut every, name).await,
            next(&mut every, name).await,
        ]
        .into_iter()
        .map(|m| (m.subject, m.payload))
        .collect();
        assert_eq!(
            got,
            vec![
                (s.user(UserId(1)).to_string(), Bytes::from("a")),
                (s.user(UserId(2)).to_string(), Bytes::from("b")),
                (s.user(UserId(1)).to_string(), Bytes::from("d")),
            ],
            "{name}: the wildcard takes every user's subject and nothing else"
        );
        assert_eq!(next(&mut one, name).await.payload, "a", "{name}");
        assert_eq!(next(&mut one, name).await.payload, "d", "{name}");
        quiet(&mut every, name).await;
        quiet(&mut one, name).await;
    }
}

#[tokio::test]
async fn a_request_is_answered_by_whoever_serves_it() {
    for (name, b) in brokers().await {
        let cmd = b.subjects().table_cmd(TableId(7));
        let mut served = b.subscribe(&cmd).await.unwrap();
        let server = tokio::spawn(async move {
            while let Some(m) = served.next().await {
                assert!(m.is_request());
                let mut answer = m.payload.to_vec();
                answer.reverse();
                m.respond(Bytes::from(answer)).await.unwrap();
            }
        });
        b.flush().await.unwrap();
        for text in ["move h2e2", "resign"] {
            let reply = b
                .request(&cmd, Bytes::from(text), Duration::from_secs(5))
                .await
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let want: String = text.chars().rev().collect();
            assert_eq!(reply, Bytes::from(want), "{name}");
        }
        server.abort();
    }
}

#[tokio::test]
async fn a_request_nobody_serves_fails_at_once_and_an_unanswered_one_times_out() {
    for (name, b) in brokers().await {
        let s = b.subjects().clone();
        let started = Instant::now();
        let got = b
            .request(
                &s.table_cmd(TableId(99)),
                Bytes::from("x"),
                Duration::from_secs(10),
            )
            .await;
        assert_eq!(got, Err(RequestError::NoResponders), "{name}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{name}: no responders is answered at once, not after the timeout"
        );

        // Someone takes the request and keeps it unanswered.
        let mut silent = b.subscribe(&s.table_cmd(TableId(5))).await.unwrap();
        b.flush().await.unwrap();
        let started = Instant::now();
        let wait = Duration::from_millis(400);
        let held_subject = s.table_cmd(TableId(5));
        let request = b.request(&held_subject, Bytes::from("x"), wait);
        let (got, held) = tokio::join!(request, next(&mut silent, name));
        assert_eq!(got, Err(RequestError::Timeout), "{name}");
        assert!(
            started.elapsed() >= wait - Duration::from_millis(50),
            "{name}"
        );
        // A late answer is harmless.
        held.respond(Bytes::from("late")).await.unwrap();
    }
}

#[tokio::test]
async fn dropping_a_subscription_unsubscribes() {
    for (name, b) in brokers().await {
        let s = b.subjects().clone();
        let subject = s.table_cmd(TableId(3));
        let sub = b.subscribe(&subject).await.unwrap();
        b.flush().await.unwrap();
        let mut served_once = false;
        if let Err(RequestError::Timeout) = b
            .request(&subject, Bytes::new(), Duration::from_millis(100))
            .await
        {
            served_once = true;
        }
        assert!(
            served_once,
            "{name}: while subscribed, someone takes the request"
        );
        drop(sub);
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let got = b
                .request(&subject, Bytes::new(), Duration::from_millis(200))
                .await;
            if got == Err(RequestError::NoResponders) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{name}: still subscribed after drop: {got:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Publishing to it now is no error.
        b.publish(&subject, Bytes::from("nobody")).await.unwrap();
    }
}

#[tokio::test]
async fn a_lagging_subscriber_keeps_what_fits_and_counts_the_rest() {
    const CAPACITY: usize = 8;
    const SENT: usize = 200;
    for (name, b) in brokers().await {
        let lobby = b.subjects().lobby();
        let mut slow = b.subscribe_bounded(&lobby, CAPACITY).await.unwrap();
        let mut fast = b.subscribe(&lobby).await.unwrap();
        for i in 0..SENT {
            b.publish(&lobby, Bytes::from(i.to_string())).await.unwrap();
        }
        b.flush().await.unwrap();
        // The other subscriber is not held up: it gets every message.
        for i in 0..SENT {
            assert_eq!(next(&mut fast, name).await.payload, i.to_string(), "{name}");
        }
        let want_dropped = u64::try_from(SENT - CAPACITY).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while slow.dropped() < want_dropped {
            assert!(
                Instant::now() < deadline,
                "{name}: dropped {} of {SENT}",
                slow.dropped()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let mut kept = Vec::new();
        while let Some(m) = slow.try_next() {
            kept.push(m.payload);
        }
        let first: Vec<Bytes> = (0..CAPACITY).map(|i| Bytes::from(i.to_string())).collect();
        assert_eq!(
            kept, first,
            "{name}: the oldest messages that fitted are kept"
        );
        assert_eq!(slow.dropped(), want_dropped, "{name}");
        // Once drained it receives again.
        b.publish(&lobby, Bytes::from("again")).await.unwrap();
        assert_eq!(next(&mut slow, name).await.payload, "again", "{name}");
    }
}

/// A `nats-server` of this test's own on a free port.
struct OwnNats {
    child: Child,
    port: u16,
}

impl OwnNats {
    fn start(port: u16) -> Option<OwnNats> {
        let child = Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        Some(OwnNats { child, port })
    }

    async fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "nats-server did not come up");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for OwnNats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn the_nats_broker_survives_a_restart_of_its_server() {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let Some(first) = OwnNats::start(port) else {
        eprintln!("skipping: no nats-server on PATH");
        return;
    };
    first.wait_ready().await;
    let url = format!("nats://127.0.0.1:{port}");
    let b = Broker::connect_nats(&url, &fresh_prefix()).await.unwrap();
    let s = b.subjects().clone();
    let mut sub = b.subscribe(&s.user(UserId(9))).await.unwrap();
    let mut served = b.subscribe(&s.table_cmd(TableId(1))).await.unwrap();
    b.publish(&s.user(UserId(9)), Bytes::from("before"))
        .await
        .unwrap();
    assert_eq!(next(&mut sub, "before").await.payload, "before");

    // The server dies (SIGKILL) and comes back on the same port.
    drop(first);
    let second = OwnNats::start(port).expect("nats-server again");
    second.wait_ready().await;

    // The client reconnects and subscribes again by itself: a message published after that
    // arrives on the same subscription. Messages published while it was away may be lost.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut n = 0u32;
    'wait: loop {
        assert!(Instant::now() < deadline, "no message after the restart");
        n += 1;
        let _ = b
            .publish(&s.user(UserId(9)), Bytes::from(format!("after{n}")))
            .await;
        let until = Instant::now() + Duration::from_millis(300);
        while let Ok(Some(m)) = tokio::time::timeout_at(until.into(), sub.next()).await {
            if m.payload.starts_with(b"after") {
                break 'wait;
            }
        }
    }
    // Requests are served again too.
    let server = tokio::spawn(async move {
        while let Some(m) = served.next().await {
            m.respond(Bytes::from("pong")).await.unwrap();
        }
    });
    let reply = b
        .request(
            &s.table_cmd(TableId(1)),
            Bytes::from("ping"),
            Duration::from_secs(5),
        )
        .await
        .expect("a request after the restart");
    assert_eq!(reply, "pong");
    server.abort();
    drop(second);
}
