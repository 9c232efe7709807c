//! Keyed coin requests (`bet`, `wager_topup`, `wager_agree`) sent again with the same key after
//! betting closed, after settlement, and after a restart: acknowledged, applied once; the key
//! for another request is `idempotency_conflict`.

use crate::coinkit::{audit, balance, bet, fund, make_wager, ready, seat};
use crate::common::{Player, TestDb, TestServer, MATE_TABLE};
use serde_json::{json, Value};

async fn mate(red: &mut Player, black: &mut Player) {
    red.mv(MATE_TABLE, "e0e1").await;
    black.mv(MATE_TABLE, "i6i5").await;
    red.mv(MATE_TABLE, "b0b9").await;
}

/// The keyed requests of the test, in the form they are sent (and sent again).
fn requests(table: u64, red: &str, black: &str) -> [(usize, Value); 5] {
    [
        (
            0,
            json!({"t": "wager_agree", "table": table, "key": format!("agree-{red}")}),
        ),
        (
            1,
            json!({"t": "wager_agree", "table": table, "key": format!("agree-{black}")}),
        ),
        (
            0,
            json!({"t": "wager_topup", "table": table, "amount": 50, "key": "topup-red-0001"}),
        ),
        (
            2,
            json!({"t": "bet", "table": table, "pick": "red", "amount": 100, "key": "s1-bet-0001"}),
        ),
        (
            3,
            json!({"t": "bet", "table": table, "pick": "black", "amount": 80, "key": "s2-bet-0001"}),
        ),
    ]
}

#[tokio::test]
async fn retries_after_settlement_and_after_a_restart_are_acknowledged_and_applied_once() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("rtred", "rtblack")).await;
    let mut s1 = Player::register(srv.addr, "rts1").await;
    let mut s2 = Player::register(srv.addr, "rts2").await;
    for p in [&mut red, &mut black, &mut s1, &mut s2] {
        fund(&t, p, 1_000).await;
    }
    for p in [&mut s1, &mut s2] {
        p.ok(json!({"t": "join", "table": table})).await;
    }
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 100, "black": 100}),
    )
    .await;
    ready(&mut red, &mut black, table).await;
    red.ok(json!({"t": "wager_topup", "table": table, "amount": 50, "key": "topup-red-0001"}))
        .await;
    bet(&mut s1, table, "red", 100, "s1-bet-0001").await;
    bet(&mut s2, table, "black", 80, "s2-bet-0001").await;
    mate(&mut red, &mut black).await;
    s1.event("pool_settled").await;
    let mut players = [red, black, s1, s2];
    let mut settled = Vec::new();
    for p in &players {
        settled.push(balance(&t, p).await);
    }
    // Red won 100·0.95 and kept 150; s1 won 80·0.95.
    assert_eq!(settled, vec![1_295, 1_100, 1_276, 1_120]);

    let (rn, bn) = (players[0].name.clone(), players[1].name.clone());
    for (who, msg) in requests(table, &rn, &bn) {
        players[who].ok(msg).await;
    }
    // The same keys for other requests are conflicts.
    assert_eq!(
        players[2]
            .refused(
                json!({"t": "bet", "table": table, "pick": "red", "amount": 101,
                "key": "s1-bet-0001"})
            )
            .await,
        "idempotency_conflict"
    );
    assert_eq!(
        players[0]
            .refused(
                json!({"t": "bet", "table": table, "pick": "red", "amount": 50,
                "key": "topup-red-0001"})
            )
            .await,
        "idempotency_conflict"
    );
    for (p, &b) in players.iter().zip(&settled) {
        assert_eq!(balance(&t, p).await, b, "{}", p.name);
    }

    // And after a restart.
    srv.crash();
    let srv = TestServer::start(&t).await;
    for p in &mut players {
        p.reconnect(srv.addr).await;
        p.ok(json!({"t": "join", "table": table})).await;
    }
    for (who, msg) in requests(table, &rn, &bn) {
        players[who].ok(msg).await;
    }
    for (p, &b) in players.iter().zip(&settled) {
        assert_eq!(balance(&t, p).await, b, "{}", p.name);
    }
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_bet_retried_after_betting_closed_is_acknowledged() {
    let t = TestDb::new().await;
    let mut config = crate::common::test_config(&t);
    config.economy.bet_close_ply = 1;
    let srv = TestServer::start_with(config).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("bcred", "bcblack")).await;
    let mut s1 = Player::register(srv.addr, "bcs1").await;
    s1.ok(json!({"t": "join", "table": table})).await;
    ready(&mut red, &mut black, table).await;
    bet(&mut s1, table, "draw", 30, "late-bet-0001").await;
    red.mv(table, "e0e1").await;
    let msg =
        json!({"t": "bet", "table": table, "pick": "draw", "amount": 30, "key": "late-bet-0001"});
    s1.ok(msg).await;
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "draw", "amount": 30,
            "key": "late-bet-0002"})
        )
        .await,
        "betting_closed"
    );
    assert_eq!(balance(&t, &s1).await, 170);
}
