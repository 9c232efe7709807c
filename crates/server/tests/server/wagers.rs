//! Wagers between the players (竞猜) and spectators' betting pools, through real WebSocket
//! clients against the real server and database: negotiation, escrow, settlement and
//! statements, draws, coaching, top-ups, refusals that change nothing, idempotent requests,
//! concurrent bets, the parimutuel formula with the house's tax, and a crash between escrow and
//! settlement.

use crate::coinkit::{audit, balance, bet, db, fund, last_wager, ready, seat, spectator};
use crate::common::{Player, TestDb, TestServer, MATE_TABLE};
use platform::ledger::AccountId;
use serde_json::{json, Value};

async fn house(t: &TestDb) -> i64 {
    db(t).await.balance(&AccountId::House).await.unwrap().get()
}

/// Both confirm and agree to `stakes` proposed by red; returns the last `wager` view.
async fn make_wager(
    red: &mut Player,
    black: &mut Player,
    table: u64,
    stakes: Value,
    mode: &str,
) -> Value {
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": stakes, "mode": mode}))
        .await;
    black
        .ok(json!({"t": "wager_confirm", "table": table}))
        .await;
    red.ok(json!({"t": "wager_agree", "table": table, "key": "agree-red-1"}))
        .await;
    black
        .ok(json!({"t": "wager_agree", "table": table, "key": "agree-black-1"}))
        .await;
    last_wager(black).await
}

async fn mate(red: &mut Player, black: &mut Player) {
    red.mv(MATE_TABLE, "e0e1").await;
    black.mv(MATE_TABLE, "i6i5").await;
    red.mv(MATE_TABLE, "b0b9").await;
}

#[tokio::test]
async fn a_wager_is_negotiated_escrowed_and_paid_to_the_winner() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("wred", "wblack")).await;
    fund(&t, &red, 1_000).await;
    fund(&t, &black, 1_000).await;
    let (r0, b0, h0) = (
        balance(&t, &red).await,
        balance(&t, &black).await,
        house(&t).await,
    );

    // Red proposes 100 against 50; Black asks for 100 each; Red confirms; both agree.
    red.ok(json!({"t": "wager_propose", "table": table, "stakes": {"red": 100, "black": 50}, "mode": "ordinary"}))
        .await;
    let w = black.event("wager").await["wager"].clone();
    assert_eq!(w["stakes"], json!({"red": 100, "black": 50}));
    assert_eq!(w["confirmed"], json!({"red": true, "black": false}));
    assert_eq!(w["status"], "negotiating");
    assert_eq!(w["tax_rate_permille"], 50);
    // The mode cannot change, agreement needs both confirmations.
    assert_eq!(
        black
            .refused(json!({"t": "wager_propose", "table": table, "stakes": {"red": 0, "black": 10}, "mode": "coaching"}))
            .await,
        "mode_locked"
    );
    assert_eq!(
        black
            .refused(json!({"t": "wager_agree", "table": table, "key": "too-early-1"}))
            .await,
        "wager_state"
    );
    black
        .ok(json!({"t": "wager_propose", "table": table, "stakes": {"red": 100, "black": 100}}))
        .await;
    red.ok(json!({"t": "wager_confirm", "table": table})).await;
    red.ok(json!({"t": "wager_agree", "table": table, "key": "agree-red-1"}))
        .await;
    // A repeated agreement (same key) is acknowledged and changes nothing.
    red.ok(json!({"t": "wager_agree", "table": table, "key": "agree-red-1"}))
        .await;
    assert_eq!(balance(&t, &red).await, r0);
    black
        .ok(json!({"t": "wager_agree", "table": table, "key": "agree-blk-1"}))
        .await;
    let w = last_wager(&mut red).await;
    assert_eq!(w["status"], "escrowed");
    assert_eq!(w["agreed"], json!({"red": true, "black": true}));
    assert_eq!(balance(&t, &red).await, r0 - 100);
    assert_eq!(balance(&t, &black).await, b0 - 100);
    // A spectator joining sees the wager in the table state.
    let mut watcher = Player::register(srv.addr, "wwatch").await;
    watcher.ok(json!({"t": "join", "table": table})).await;
    let st = watcher
        .ws
        .next_where(|m| m["t"] == "table_state", "state")
        .await
        .unwrap();
    assert_eq!(
        st["state"]["wager"]["stakes"],
        json!({"red": 100, "black": 100})
    );

    // Made between games, it applies to the next game.
    let game_id = ready(&mut red, &mut black, table).await;
    let w = last_wager(&mut red).await;
    assert_eq!(
        (w["status"].as_str(), w["game_id"].as_u64()),
        (Some("in_game"), Some(game_id))
    );
    mate(&mut red, &mut black).await;
    let settled = watcher.event("wager_settled").await;
    assert_eq!(settled["outcome"], "won");
    assert_eq!(settled["game_id"], game_id);
    assert_eq!(
        settled["statements"]["red"],
        json!({"stake": 100, "returned": 195, "net": 95, "tax_rate_permille": 50})
    );
    assert_eq!(
        settled["statements"]["black"],
        json!({"stake": 100, "returned": 0, "net": -100, "tax_rate_permille": 50})
    );
    assert_eq!(balance(&t, &red).await, r0 + 95);
    assert_eq!(balance(&t, &black).await, b0 - 100);
    assert_eq!(house(&t).await, h0 + 5);
    // It lapsed with the game.
    assert!(last_wager(&mut watcher).await.is_null());

    let (_, hist) = red
        .http
        .get(&format!("/api/tables/{table}/wagers"))
        .await
        .unwrap();
    let h = &hist["wagers"][0];
    assert_eq!(h["game_id"], game_id);
    assert_eq!(h["outcome"], "won");
    assert_eq!(h["stakes"], json!({"red": 100, "black": 100}));
    assert_eq!(h["statements"]["red"]["net"], 95);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn top_ups_refusals_and_a_drawn_wager() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 1;
    let (mut red, mut black) = seat(srv.addr, table, ("dred", "dblack")).await;
    fund(&t, &red, 500).await;
    fund(&t, &black, 500).await;
    let (r0, b0) = (balance(&t, &red).await, balance(&t, &black).await);
    let game_id = ready(&mut red, &mut black, table).await;

    // Stakes above the balance are refused and change nothing.
    assert_eq!(
        red.refused(
            json!({"t": "wager_propose", "table": table, "stakes": {"red": r0 + 1, "black": 10}})
        )
        .await,
        "not_enough_coins"
    );
    assert_eq!(
        red.refused(json!({"t": "wager_confirm", "table": table}))
            .await,
        "no_wager"
    );
    // Made during the game: for this game.
    let w = make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 50, "black": 50}),
        "ordinary",
    )
    .await;
    assert_eq!(
        (w["status"].as_str(), w["game_id"].as_u64()),
        (Some("in_game"), Some(game_id))
    );
    assert_eq!(
        red.refused(json!({"t": "wager_cancel", "table": table}))
            .await,
        "wager_state"
    );

    // Top-up: applied once for a repeated key; a different amount under it is a conflict.
    let topup = json!({"t": "wager_topup", "table": table, "amount": 30, "key": "topup-0001"});
    red.ok(topup.clone()).await;
    red.ok(topup).await;
    assert_eq!(balance(&t, &red).await, r0 - 80);
    assert_eq!(
        red.refused(json!({"t": "wager_topup", "table": table, "amount": 31, "key": "topup-0001"}))
            .await,
        "idempotency_conflict"
    );
    assert_eq!(
        red.refused(
            json!({"t": "wager_topup", "table": table, "amount": 10_000, "key": "topup-0002"})
        )
        .await,
        "not_enough_coins"
    );
    assert_eq!(
        red.refused(json!({"t": "wager_topup", "table": table, "amount": 5, "key": "bad key"}))
            .await,
        "bad_message"
    );
    assert_eq!(balance(&t, &red).await, r0 - 80);
    let w = last_wager(&mut black).await;
    assert_eq!(w["stakes"], json!({"red": 80, "black": 50}));

    // A spectator cannot wager; a player cannot bet.
    let mut watcher = Player::register(srv.addr, "dwatch").await;
    watcher.ok(json!({"t": "join", "table": table})).await;
    assert_eq!(
        watcher
            .refused(
                json!({"t": "wager_propose", "table": table, "stakes": {"red": 1, "black": 1}})
            )
            .await,
        "wager_not_allowed"
    );
    assert_eq!(
        red.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 5, "key": "bet-red-01"})
        )
        .await,
        "player_cannot_bet"
    );

    // A draw refunds both.
    red.ok(json!({"t": "draw_offer", "table": table})).await;
    black.event("draw_offered").await;
    black.ok(json!({"t": "draw_accept", "table": table})).await;
    let s = watcher.event("wager_settled").await;
    assert_eq!(s["outcome"], "drawn");
    assert_eq!(s["statements"]["red"]["returned"], 80);
    assert_eq!(s["statements"]["black"]["net"], 0);
    assert_eq!(balance(&t, &red).await, r0);
    assert_eq!(balance(&t, &black).await, b0);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_coaching_fee_goes_to_the_coach_whatever_the_result() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("coach", "student")).await;
    fund(&t, &red, 100).await;
    fund(&t, &black, 100).await;
    let (r0, b0, h0) = (
        balance(&t, &red).await,
        balance(&t, &black).await,
        house(&t).await,
    );
    // Red stakes 0: red is the coach, Black pays a fee of 40.
    let w = make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 0, "black": 40}),
        "coaching",
    )
    .await;
    assert_eq!(w["mode"], "coaching");
    assert_eq!(w["status"], "escrowed");
    // The coach cannot add to a fee.
    assert_eq!(
        red.refused(json!({"t": "wager_topup", "table": table, "amount": 5, "key": "coach-topup"}))
            .await,
        "wager_not_allowed"
    );
    ready(&mut red, &mut black, table).await;
    // The coach wins; the fee is still the coach's, less 5 % tax.
    mate(&mut red, &mut black).await;
    let s = black.event("wager_settled").await;
    assert_eq!(s["outcome"], "coaching");
    assert_eq!(
        s["statements"]["red"],
        json!({"stake": 0, "returned": 38, "net": 38, "tax_rate_permille": 50})
    );
    assert_eq!(s["statements"]["black"]["net"], -40);
    assert_eq!(balance(&t, &red).await, r0 + 38);
    assert_eq!(balance(&t, &black).await, b0 - 40);
    assert_eq!(house(&t).await, h0 + 2);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn stakes_for_a_game_never_played_are_returned() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 2;
    let (mut red, mut black) = seat(srv.addr, table, ("ured", "ublack")).await;
    fund(&t, &red, 300).await;
    fund(&t, &black, 300).await;
    let (r0, b0) = (balance(&t, &red).await, balance(&t, &black).await);
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 70, "black": 20}),
        "ordinary",
    )
    .await;
    assert_eq!(balance(&t, &red).await, r0 - 70);
    // Black stands up before any game: the stakes come back.
    black.ok(json!({"t": "stand", "table": table})).await;
    let s = red.event("wager_settled").await;
    assert_eq!(s["outcome"], "refunded");
    assert!(s["game_id"].is_null());
    assert_eq!(balance(&t, &red).await, r0);
    assert_eq!(balance(&t, &black).await, b0);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn the_pool_pays_winners_by_the_formula_and_the_house_its_tax() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("pred", "pblack")).await;
    let mut s1 = spectator(srv.addr, &t, table, "s1", 1_000).await;
    let mut s2 = spectator(srv.addr, &t, table, "s2", 1_000).await;
    let mut s3 = spectator(srv.addr, &t, table, "s3", 1_000).await;
    let mut s4 = spectator(srv.addr, &t, table, "s4", 1_000).await;
    let base = balance(&t, &s1).await;
    let h0 = house(&t).await;
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 5, "key": "early-bet-1"})
        )
        .await,
        "no_game"
    );
    let game_id = ready(&mut red, &mut black, table).await;

    // 300 and 100 on red, 500 on black, 100 on a draw.
    bet(&mut s1, table, "red", 200, "s1-bet-0001").await;
    bet(&mut s1, table, "red", 100, "s1-bet-0002").await;
    // The same request again applies once.
    bet(&mut s1, table, "red", 100, "s1-bet-0002").await;
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "black", "amount": 5, "key": "s1-bet-0003"})
        )
        .await,
        "pick_locked"
    );
    bet(&mut s2, table, "red", 100, "s2-bet-0001").await;
    bet(&mut s3, table, "black", 500, "s3-bet-0001").await;
    bet(&mut s4, table, "draw", 100, "s4-bet-0001").await;
    let mine = s1
        .ws
        .next_where(|m| m["t"] == "my_bet" && m["amount"] == 300, "my_bet")
        .await
        .unwrap();
    assert_eq!(
        (mine["pick"].as_str(), mine["game_id"].as_u64()),
        (Some("red"), Some(game_id))
    );
    assert!(mine["payout"].is_null());
    assert_eq!(
        s4.refused(json!({"t": "bet", "table": table, "pick": "draw", "amount": 5_000, "key": "s4-bet-0002"}))
            .await,
        "not_enough_coins"
    );
    assert_eq!(balance(&t, &s1).await, base - 300);
    let st = {
        let mut late = Player::register(srv.addr, "late").await;
        late.ok(json!({"t": "join", "table": table})).await;
        late.ws
            .next_where(|m| m["t"] == "table_state", "state")
            .await
            .unwrap()
    };
    let pool = &st["state"]["pool"];
    assert_eq!(pool["total"], 1_000);
    assert_eq!(pool["bettors"], 4);
    assert_eq!(pool["open"], true);
    assert_eq!(pool["picks"]["red"], json!({"total": 400, "bettors": 2}));

    mate(&mut red, &mut black).await;
    let settled = s3.event("pool_settled").await;
    assert_eq!(
        settled,
        json!({"type": "pool_settled", "game_id": game_id, "result": "1-0", "refunded": false,
            "reason": null, "house": 31})
    );
    let paid = s1
        .ws
        .next_where(|m| m["t"] == "my_bet" && !m["payout"].is_null(), "payout")
        .await
        .unwrap();
    assert_eq!(paid["payout"], 727);
    assert_eq!(balance(&t, &s1).await, base + 427);
    assert_eq!(balance(&t, &s2).await, base + 142);
    assert_eq!(balance(&t, &s3).await, base - 500);
    assert_eq!(balance(&t, &s4).await, base - 100);
    assert_eq!(house(&t).await, h0 + 31);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_single_bettor_is_refunded() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = MATE_TABLE;
    let (mut red, mut black) = seat(srv.addr, table, ("sred", "sblack")).await;
    let mut s1 = spectator(srv.addr, &t, table, "lonely", 100).await;
    let base = balance(&t, &s1).await;
    ready(&mut red, &mut black, table).await;
    bet(&mut s1, table, "black", 60, "lonely-0001").await;
    assert_eq!(balance(&t, &s1).await, base - 60);
    mate(&mut red, &mut black).await;
    let settled = s1.event("pool_settled").await;
    assert_eq!(settled["refunded"], true);
    assert_eq!(settled["reason"], "single_bettor");
    assert_eq!(settled["house"], 0);
    assert_eq!(balance(&t, &s1).await, base);
    // Betting is over with the game.
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 5, "key": "lonely-0002"})
        )
        .await,
        "no_game"
    );
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn simultaneous_bets_from_one_account_never_overdraw() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let tables = [3u64, 4, 5];
    let mut players = Vec::new();
    for &table in &tables {
        let (mut r, mut b) = seat(
            srv.addr,
            table,
            (&format!("cr{table}"), &format!("cb{table}")),
        )
        .await;
        ready(&mut r, &mut b, table).await;
        players.push((r, b));
    }
    // One account, one socket per table, 100 coins, three bets of 60 sent at once.
    let mut rich = spectator(srv.addr, &t, tables[0], "gambler", 100).await;
    let base = balance(&t, &rich).await;
    let mut socks = Vec::new();
    for &table in &tables {
        let (ws, _) = client::WsClient::connect(srv.addr, rich.http.cookie.as_deref())
            .await
            .unwrap();
        let mut p = Player {
            http: client::HttpClient::new(srv.addr),
            ws,
            user: rich.user.clone(),
            name: format!("gambler@{table}"),
            epoch: String::new(),
        };
        p.ok(json!({"t": "join", "table": table})).await;
        socks.push((table, p));
    }
    let amount = base - 40;
    let results = futures_util::future::join_all(socks.iter_mut().map(|(table, p)| {
        let msg = json!({"t": "bet", "table": *table, "pick": "red", "amount": amount,
            "key": format!("many-bets-{table}")});
        async move { p.call(msg).await }
    }))
    .await;
    let accepted = results.iter().filter(|r| r.is_ok()).count();
    for r in results.iter().filter_map(|r| r.as_ref().err()) {
        assert_eq!(r["code"], "not_enough_coins", "{r}");
    }
    assert_eq!(accepted, 1);
    assert_eq!(balance(&t, &rich).await, base - amount);
    rich.ws.clear();
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_crash_between_escrow_and_settlement_loses_nothing() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 6;
    let (mut red, mut black) = seat(srv.addr, table, ("xred", "xblack")).await;
    fund(&t, &red, 400).await;
    fund(&t, &black, 400).await;
    let (r0, b0) = (balance(&t, &red).await, balance(&t, &black).await);
    let mut s1 = spectator(srv.addr, &t, table, "xs1", 200).await;
    let mut s2 = spectator(srv.addr, &t, table, "xs2", 200).await;
    let sb = balance(&t, &s1).await;
    let game_id = ready(&mut red, &mut black, table).await;
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 100, "black": 100}),
        "ordinary",
    )
    .await;
    bet(&mut s1, table, "red", 50, "xs1-bet-001").await;
    bet(&mut s2, table, "black", 150, "xs2-bet-001").await;
    red.mv(table, "h2e2").await;
    black.mv(table, "h9g7").await;
    srv.crash();

    // Nothing is lost while the server is down: the coins sit in escrow.
    assert_eq!(balance(&t, &red).await, r0 - 100);
    assert_eq!(audit(&t).await, 0);
    let srv = TestServer::start(&t).await;
    for p in [&mut red, &mut black, &mut s1, &mut s2] {
        p.reconnect(srv.addr).await;
        p.ok(json!({"t": "join", "table": table})).await;
    }
    let st = s1
        .ws
        .next_where(|m| m["t"] == "table_state", "state")
        .await
        .unwrap();
    assert_eq!(st["state"]["wager"]["status"], "in_game");
    assert_eq!(st["state"]["pool"]["total"], 200);
    // The restored game settles at its end: Black resigns.
    black.ok(json!({"t": "resign", "table": table})).await;
    let s = s1.event("wager_settled").await;
    assert_eq!(
        (s["outcome"].as_str(), s["game_id"].as_u64()),
        (Some("won"), Some(game_id))
    );
    let p = s2.event("pool_settled").await;
    assert_eq!(p["result"], "1-0");
    assert_eq!(balance(&t, &red).await, r0 + 95);
    assert_eq!(balance(&t, &black).await, b0 - 100);
    // s1 had 50 of 200 on red: 50 + ⌊150·50·0.95/50⌋ = 192.
    assert_eq!(balance(&t, &s1).await, sb + 142);
    assert_eq!(balance(&t, &s2).await, sb - 150);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn stakes_held_for_a_next_game_come_back_after_a_crash() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 7;
    let (mut red, mut black) = seat(srv.addr, table, ("yred", "yblack")).await;
    fund(&t, &red, 400).await;
    fund(&t, &black, 400).await;
    let (r0, b0) = (balance(&t, &red).await, balance(&t, &black).await);
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 120, "black": 80}),
        "ordinary",
    )
    .await;
    assert_eq!(balance(&t, &black).await, b0 - 80);
    srv.crash();
    // Tables start empty after a restart: the wager's game will never be played.
    let srv = TestServer::start(&t).await;
    assert_eq!(balance(&t, &red).await, r0);
    assert_eq!(balance(&t, &black).await, b0);
    let (_, hist) = client::HttpClient::new(srv.addr)
        .get(&format!("/api/tables/{table}/wagers"))
        .await
        .unwrap();
    assert_eq!(hist["wagers"][0]["outcome"], "refunded");
    drop(srv);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn betting_closes_at_the_closing_ply() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 8;
    let (mut red, mut black) = seat(srv.addr, table, ("cred", "cblack")).await;
    let mut s1 = spectator(srv.addr, &t, table, "closer", 100).await;
    ready(&mut red, &mut black, table).await;
    // 20 plies (the default `bet_close_ply`) of quiet moves.
    let reds = [
        "a3a4", "c3c4", "e3e4", "g3g4", "i3i4", "a0a1", "i0i1", "b2b3", "h2h1", "b0c2",
    ];
    let blacks = [
        "a6a5", "c6c5", "e6e5", "g6g5", "i6i5", "a9a8", "i9i8", "b7b6", "h7h8", "b9c7",
    ];
    for (i, (r, b)) in reds.iter().zip(blacks).enumerate() {
        red.mv(table, r).await;
        if i == 9 {
            // After 19 plies a bet is still taken.
            bet(&mut s1, table, "red", 10, "closer-0001").await;
        }
        black.mv(table, b).await;
    }
    let pool = s1
        .ws
        .next_where(
            |m| m["t"] == "ev" && m["e"]["type"] == "pool" && m["e"]["pool"]["open"] == false,
            "pool closed",
        )
        .await
        .unwrap();
    assert_eq!(pool["e"]["pool"]["total"], 10);
    assert_eq!(pool["e"]["pool"]["close_ply"], 20);
    assert_eq!(
        s1.refused(
            json!({"t": "bet", "table": table, "pick": "red", "amount": 5, "key": "closer-0002"})
        )
        .await,
        "betting_closed"
    );
}

#[tokio::test]
async fn an_aborted_game_refunds_the_wager_and_every_bet() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 2;
    let (mut red, mut black) = seat(srv.addr, table, ("ared", "ablack")).await;
    fund(&t, &red, 100).await;
    fund(&t, &black, 100).await;
    let (r0, b0) = (balance(&t, &red).await, balance(&t, &black).await);
    let mut s1 = spectator(srv.addr, &t, table, "as1", 100).await;
    let mut s2 = spectator(srv.addr, &t, table, "as2", 100).await;
    let sb = balance(&t, &s1).await;
    ready(&mut red, &mut black, table).await;
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 30, "black": 30}),
        "ordinary",
    )
    .await;
    bet(&mut s1, table, "red", 40, "as1-bet-001").await;
    bet(&mut s2, table, "draw", 20, "as2-bet-001").await;
    red.ok(json!({"t": "abort", "table": table})).await;
    let w = s1.event("wager_settled").await;
    assert_eq!(w["outcome"], "refunded");
    let p = s1.event("pool_settled").await;
    assert_eq!(
        (
            p["result"].as_str(),
            p["refunded"].as_bool(),
            p["reason"].as_str()
        ),
        (Some("*"), Some(true), Some("aborted"))
    );
    assert_eq!(balance(&t, &red).await, r0);
    assert_eq!(balance(&t, &black).await, b0);
    assert_eq!(balance(&t, &s1).await, sb);
    assert_eq!(balance(&t, &s2).await, sb);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_coaching_fee_is_refunded_when_the_coach_leaves() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 3;
    let (mut red, mut black) = seat(srv.addr, table, ("lstudent", "lcoach")).await;
    fund(&t, &red, 100).await;
    let r0 = balance(&t, &red).await;
    fund(&t, &black, 100).await;
    let b0 = balance(&t, &black).await;
    ready(&mut red, &mut black, table).await;
    red.mv(table, "h2e2").await;
    black.mv(table, "h9g7").await;
    // Black (staking 0) coaches; Red pays 25.
    make_wager(
        &mut red,
        &mut black,
        table,
        json!({"red": 25, "black": 0}),
        "coaching",
    )
    .await;
    assert_eq!(balance(&t, &red).await, r0 - 25);
    // The coach runs away (逃跑): the fee comes back.
    black.ok(json!({"t": "leave", "table": table})).await;
    let s = red.event("wager_settled").await;
    assert_eq!(s["outcome"], "refunded");
    assert_eq!(balance(&t, &red).await, r0);
    assert_eq!(balance(&t, &black).await, b0);
    assert_eq!(audit(&t).await, 0);
}

#[tokio::test]
async fn a_player_cannot_bet_on_their_own_game() {
    let t = TestDb::new().await;
    let srv = TestServer::start(&t).await;
    let table = 7;
    let (mut red, mut black) = seat(srv.addr, table, ("sbred", "sbblack")).await;
    fund(&t, &red, 500).await;
    fund(&t, &black, 500).await;
    ready(&mut red, &mut black, table).await;
    let (before_red, before_black) = (balance(&t, &red).await, balance(&t, &black).await);
    for (p, pick, key) in [
        (&mut red, "red", "selfbet-0001"),
        (&mut black, "red", "selfbet-0002"),
    ] {
        assert_eq!(
            p.refused(json!({"t": "bet", "table": table, "pick": pick, "amount": 50, "key": key}))
                .await,
            "player_cannot_bet"
        );
    }
    // Nothing moved: balances, the house and the ledger are as before, and a spectator's bet
    // is still the pool's first.
    assert_eq!(balance(&t, &red).await, before_red);
    assert_eq!(balance(&t, &black).await, before_black);
    assert_eq!(audit(&t).await, 0);
    let mut s = spectator(srv.addr, &t, table, "sbspec", 100).await;
    bet(&mut s, table, "black", 10, "selfbet-0003").await;
    let pool =
        s.ws.next_where(
            |m| m["t"] == "ev" && m["e"]["type"] == "pool" && m["e"]["pool"]["total"] == 10,
            "pool with one bet",
        )
        .await
        .unwrap();
    assert_eq!(pool["e"]["pool"]["open"], true);
}
