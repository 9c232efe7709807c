//! The masters database over HTTP (issue #39): a fresh site loads its shipped set once at the
//! first start (here a small one named by `[masters] shipped_file`), and the search, one game,
//! the explorer and the opening names answer with the source's credit; a restart loads nothing
//! again.

use crate::common::{test_config, TestDb, TestServer};
use serde_json::Value;
use std::time::Duration;

const BIG5_PGN: &[u8] = include_bytes!("../../../study/tests/fixtures/big5.pgn");
const XQBASE_GB18030: &[u8] = include_bytes!("../../../cli/tests/data/xqbase_two_games.pgn");

async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, Value) {
    let resp = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// Waits until the search finds `n` games in all.
async fn wait_for(addr: std::net::SocketAddr, n: u64) {
    for _ in 0..200 {
        let (_, r) = get(addr, "/api/masters").await;
        if r["total"].as_u64() == Some(n) && !r["sources"].as_array().unwrap().is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the shipped set did not load");
}

#[tokio::test]
async fn a_fresh_site_has_the_masters_searchable_with_their_credit() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("a.pgn", BIG5_PGN),
        ("b.pgn", XQBASE_GB18030),
        ("c.pgn", BIG5_PGN),
    ] {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let set = masters::bundle_paths(&[dir.path().to_owned()], None, "CCPD (test), CC BY 4.0");
    assert_eq!(set.distinct, 3, "{set:?}");
    let file = dir.path().join("set.chmg");
    std::fs::write(&file, &set.bytes).unwrap();

    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.masters.load_shipped = true;
    config.masters.shipped_file = Some(file);
    let srv = TestServer::start_with(config.clone()).await;
    wait_for(srv.addr, 3).await;

    // Search: traditional name finds the simplified one and back; the original is kept.
    let (status, r) = get(srv.addr, "/api/masters?player=%E7%BA%A2%E6%96%B9").await; // 红方
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["total"], 3, "红方 is part of 红方1, 红方2 and 紅方: {r}");
    assert_eq!(r["sources"][0]["credit"], "CCPD (test), CC BY 4.0");
    let (_, r) = get(srv.addr, "/api/masters?player=%E7%B4%85%E6%96%B9").await; // 紅方
    let names: Vec<&str> = r["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["red"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"紅方"), "{r}");
    let big5 = r["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["red"] == "紅方")
        .unwrap()
        .clone();
    assert_eq!(big5["red_hans"], "红方");
    assert_eq!(big5["event_hans"], "测试对局 楚河");
    let (_, r) = get(srv.addr, "/api/masters?event=%E5%90%88%E6%88%90&year=2006").await; // 合成
    assert_eq!(r["total"], 2, "{r}");
    let code = big5["ecco"].as_str().unwrap();
    assert_eq!(code.len(), 3, "{big5}");
    let (_, r) = get(srv.addr, &format!("/api/masters?result=1-0&opening={code}")).await;
    assert!(r["total"].as_u64().unwrap() >= 1, "{r}");
    let (status, r) = get(srv.addr, "/api/masters?result=2-0").await;
    assert_eq!((status, r["error"].as_str()), (400, Some("bad_message")));
    let fen_after_h2e2 =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR%20b%20-%20-%200%201";
    let (status, r) = get(srv.addr, &format!("/api/masters?fen={fen_after_h2e2}")).await;
    assert_eq!((status, r["total"].as_u64()), (200, Some(3)), "{r}");
    let (status, r) = get(srv.addr, "/api/masters?fen=nonsense").await;
    assert_eq!((status, r["error"].as_str()), (400, Some("bad_fen")));

    // One game: moves for the replay board, a PGN with its opening, the credit.
    let id = big5["id"].as_u64().unwrap();
    let (status, g) = get(srv.addr, &format!("/api/masters/{id}")).await;
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["moves"].as_array().unwrap().len(), 10);
    assert_eq!(g["moves"][0], "h2e2");
    assert!(g["pgn"].as_str().unwrap().contains("[ECCO \""), "{g}");
    assert!(g["pgn"].as_str().unwrap().contains("[Opening \""), "{g}");
    assert_eq!(g["credit"], "CCPD (test), CC BY 4.0");
    let (status, _) = get(srv.addr, "/api/masters/999999").await;
    assert_eq!(status, 404);

    // The explorer at the start and after 炮二平五 马８进７.
    let (status, e) = get(srv.addr, "/api/explorer").await;
    assert_eq!(status, 200, "{e}");
    assert_eq!(e["masters"]["games"], 3, "{e}");
    assert_eq!(e["masters"]["moves"][0]["move"], "h2e2");
    assert_eq!(e["masters"]["moves"][0]["games"], 3);
    assert_eq!(e["masters"]["moves"][0]["reached"], 3);
    assert_eq!(e["masters"]["moves"][0]["small"], true);
    assert!(e["masters"]["credit"]
        .as_str()
        .unwrap()
        .contains("CC BY 4.0"));
    assert_eq!(e["masters"]["top_games"].as_array().unwrap().len(), 3);
    let (_, e) = get(srv.addr, "/api/explorer?moves=h2e2,h9g7").await;
    assert_eq!(e["opening"]["code"].as_str().map(str::len), Some(3), "{e}");
    assert!(!e["opening"]["english"].as_str().unwrap().is_empty());
    let (status, e) = get(srv.addr, "/api/explorer?moves=h2e9").await;
    assert_eq!((status, e["error"].as_str()), (400, Some("illegal_move")));
    let (_, e) = get(srv.addr, "/api/explorer?player=nobody").await;
    assert_eq!(e["masters"]["games"], 0);

    // Opening names along some moves, and the game's code.
    let (status, o) = get(srv.addr, "/api/opening?moves=h2e2%20h9g7%20h0g2%20i9h9").await;
    assert_eq!(status, 200, "{o}");
    assert_eq!(o["positions"].as_array().unwrap().len(), 5);
    assert!(o["positions"][0].is_null());
    assert!(o["positions"][4]["code"].is_string(), "{o}");
    assert!(o["game"]["name"].is_string(), "{o}");

    // A restart loads nothing again.
    srv.stop().await;
    let srv = TestServer::start_with(config).await;
    wait_for(srv.addr, 3).await;
    let (_, s) = get(srv.addr, "/api/masters/sources").await;
    assert_eq!(s[0]["games"], 3, "{s}");
    assert_eq!(s.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_shipped_set_can_be_turned_off() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, r) = get(srv.addr, "/api/masters").await;
    assert_eq!((status, r["total"].as_u64()), (200, Some(0)), "{r}");
}
