//! A burst of game ends (a round's games finishing together) while another game goes on: its
//! moves are stored, acknowledged and relayed while the ends are still being written.

use crate::common::{start_game, untimed, Player, TestDb, TestServer};
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Tables 1–7 end their games at once while table 8 plays on.
const ENDING: u64 = 7;
const PLAYING: u64 = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_at_other_tables_go_on_while_a_burst_of_game_ends_is_written() {
    let db = TestDb::new().await;
    let server = TestServer::start(&db).await;
    let mut ending = Vec::new();
    for t in 1..=ENDING {
        let names = (format!("endr{t}"), format!("endb{t}"));
        ending.push(start_game(server.addr, t, untimed(), (&names.0, &names.1)).await);
    }
    let (mut red, mut black) = start_game(server.addr, PLAYING, untimed(), ("goer", "goeb")).await;
    // Each end now holds its write for 300 ms, as on a slow disk: seven take two seconds.
    server.db.faults().slow_finishes(Duration::from_millis(300));

    let told = Arc::new(AtomicUsize::new(0));
    let mut ends = Vec::new();
    for (t, (mut r, mut b)) in (1..=ENDING).zip(ending) {
        let told = told.clone();
        ends.push(tokio::spawn(async move {
            r.ok(json!({"t": "resign", "table": t})).await;
            b.event("game_ended").await;
            told.fetch_add(1, Ordering::SeqCst);
            (r, b)
        }));
    }
    // The ends are queued: wait until the first is being written.
    tokio::time::sleep(Duration::from_millis(100)).await;

    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for (ply, mv) in moves.iter().enumerate() {
        let (mover, other): (&mut Player, &mut Player) = if ply % 2 == 0 {
            (&mut red, &mut black)
        } else {
            (&mut black, &mut red)
        };
        mover.mv(PLAYING, mv).await;
        mover.ws.clear();
        let moved = other.event("moved").await;
        assert_eq!(moved["mv"], *mv);
        other.ws.clear();
    }
    let ended_meanwhile = told.load(Ordering::SeqCst);
    assert!(
        ended_meanwhile < ENDING as usize,
        "the moves waited for the ends: {ended_meanwhile} of {ENDING} ends were told before \
         the fourth move was relayed"
    );
    for e in ends {
        e.await.expect("every end is stored and told in the end");
    }
    assert_eq!(told.load(Ordering::SeqCst), ENDING as usize);
    server.db.faults().slow_finishes(Duration::ZERO);
}
