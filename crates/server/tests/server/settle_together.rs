//! Settlements at the end of games. Eight games ending at the same instant, each with a wager
//! between its players and a betting pool whose bettors play at another table: every settlement
//! touches accounts that other tables' settlements touch too. None may deadlock for good, none
//! may be announced without being stored, and no escrow may be left holding coins. A settlement
//! the database refuses is not announced and is settled once the database takes it again.

use crate::coinkit::{audit, balance, bet, db, fund, held_escrows, make_wager, ready, seat};
use crate::common::{Player, TestDb, TestServer, MATE_TABLE};
use futures_util::future::join_all;
use serde_json::json;

const TABLES: u64 = 8;

/// Waits until `p` has seen `type_` at `table`.
async fn settled(p: &mut Player, table: u64, type_: &str) {
    p.ws.next_where(
        |m| m["t"] == "ev" && m["table"] == table && m["e"]["type"] == type_,
        type_,
    )
    .await
    .unwrap_or_else(|e| panic!("{} waiting for {type_} at table {table}: {e}", p.name));
}

#[tokio::test]
async fn eight_games_ending_at_once_settle_every_wager_and_pool() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let mut reds = Vec::new();
    let mut blacks = Vec::new();
    for table in 1..=TABLES {
        let (r, b) = seat(
            srv.addr,
            table,
            (&format!("tr{table}"), &format!("tb{table}")),
        )
        .await;
        fund(&t, &r, 1_000).await;
        fund(&t, &b, 1_000).await;
        reds.push(r);
        blacks.push(b);
    }
    let start = balance(&t, &reds[0]).await;
    for round in 0..3 {
        for i in 0..reds.len() {
            let table = i as u64 + 1;
            let stakes = json!({"red": 100, "black": 100});
            if round == 0 {
                make_wager(&mut reds[i], &mut blacks[i], table, stakes).await;
            } else {
                let (r, b) = (&mut reds[i], &mut blacks[i]);
                let keys = (
                    format!("agree-{round}-{}", r.name),
                    format!("agree-{round}-{}", b.name),
                );
                r.ok(json!({"t": "wager_propose", "table": table, "stakes": stakes}))
                    .await;
                b.ok(json!({"t": "wager_confirm", "table": table})).await;
                r.ok(json!({"t": "wager_agree", "table": table, "key": keys.0}))
                    .await;
                b.ok(json!({"t": "wager_agree", "table": table, "key": keys.1}))
                    .await;
            }
            ready(&mut reds[i], &mut blacks[i], table).await;
        }
        // The players of the next table bet here: 60 on red, 40 on black.
        for i in 0..reds.len() {
            let table = i as u64 + 1;
            let j = (i + 1) % reds.len();
            for (p, pick, amount) in [(&mut reds[j], "red", 60), (&mut blacks[j], "black", 40)] {
                if round == 0 {
                    p.ok(json!({"t": "join", "table": table})).await;
                }
                let key = format!("bet-{round}-{table}-{}", p.name);
                bet(p, table, pick, amount, &key).await;
            }
        }
        for i in 0..reds.len() {
            let table = i as u64 + 1;
            reds[i].mv(table, "h2e2").await;
            blacks[i].mv(table, "h9g7").await;
        }
        for p in reds.iter_mut().chain(blacks.iter_mut()) {
            p.ws.clear();
        }
        // Every red player resigns at once.
        join_all(reds.iter_mut().enumerate().map(|(i, p)| {
            let table = i as u64 + 1;
            p.ok(json!({"t": "resign", "table": table}))
        }))
        .await;
        for (i, p) in reds.iter_mut().enumerate() {
            let table = i as u64 + 1;
            settled(p, table, "wager_settled").await;
            settled(p, table, "pool_settled").await;
        }
        // Nothing announced is still in escrow, and nothing is still open.
        assert_eq!(held_escrows(&t).await, vec![], "round {round}");
        let store = db(&t).await;
        assert!(
            store.open_wagers().await.unwrap().is_empty(),
            "round {round}"
        );
        assert!(
            store.open_pools().await.unwrap().is_empty(),
            "round {round}"
        );
        assert_eq!(audit(&t).await, 0);
        // Each red lost 100 in the wager and 60 on red at the previous table; each black won
        // 95 in the wager and 40 + ⌊60·40·0.95/40⌋ − 40 = 57 on black.
        let n = i64::from(round) + 1;
        for i in 0..reds.len() {
            assert_eq!(balance(&t, &reds[i]).await, start - 160 * n, "red {i}");
            assert_eq!(balance(&t, &blacks[i]).await, start + 152 * n, "black {i}");
        }
    }
}

/// Makes the database refuse to close any wager (a real failure inside the real database).
async fn refuse_closing_wagers(t: &TestDb, on: bool) {
    let postgres = t.url.starts_with("postgres");
    let sql: &[&str] = match (postgres, on) {
        (false, true) => &["CREATE TRIGGER no_close BEFORE UPDATE ON wagers \
             WHEN NEW.status = 'closed' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"],
        (false, false) => &["DROP TRIGGER no_close"],
        (true, true) => &[
            "CREATE FUNCTION no_close() RETURNS trigger AS $$ BEGIN \
             RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER no_close BEFORE UPDATE ON wagers FOR EACH ROW \
             WHEN (NEW.status = 'closed') EXECUTE FUNCTION no_close()",
        ],
        (true, false) => &["DROP TRIGGER no_close ON wagers"],
    };
    for stmt in sql {
        t.execute(stmt).await;
    }
}

#[tokio::test]
async fn a_settlement_the_database_refuses_is_not_announced_and_is_settled_later() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("ured", "ublack")).await;
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 100, "black": 50}),
    )
    .await;
    ready(&mut red, &mut black, table).await;
    let start = (balance(&t, &red).await, balance(&t, &black).await);
    refuse_closing_wagers(&t, true).await;
    black.ok(json!({"t": "resign", "table": table})).await;
    red.event("game_ended").await;
    // The game is stored, the wager's settlement is not: nothing is announced, the coins wait
    // in escrow.
    let early = tokio::time::timeout(
        std::time::Duration::from_millis(500),
        red.ws
            .next_where(|m| m["e"]["type"] == "wager_settled", "wager_settled"),
    )
    .await;
    assert!(early.is_err(), "announced without being stored: {early:?}");
    assert_eq!(held_escrows(&t).await.len(), 1);
    assert_eq!(balance(&t, &red).await, start.0);
    refuse_closing_wagers(&t, false).await;
    // Settled in the background from the stored result.
    let mut waited = 0;
    while !held_escrows(&t).await.is_empty() {
        assert!(
            waited < 150,
            "still in escrow: {:?}",
            held_escrows(&t).await
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        waited += 1;
    }
    assert_eq!(balance(&t, &red).await, start.0 + 100 + 47);
    assert_eq!(balance(&t, &black).await, start.1);
    assert!(db(&t).await.open_wagers().await.unwrap().is_empty());
    assert_eq!(audit(&t).await, 0);
}
