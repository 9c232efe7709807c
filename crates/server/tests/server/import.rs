//! Import (`POST /api/import`) and the game collection (`/api/me/collection…`), issue #22: records
//! as people have them (an xqbase PGN in GB18030 with its trailer, XQF, DhtmlXQ, a collection
//! with a broken game), the size limit, saving, labelling, searching, exporting and reading the
//! export back, and another user refused.

use crate::common::{test_config, TestDb, TestServer};
use client::HttpClient;
use serde_json::{json, Value};
use std::net::SocketAddr;

const XQBASE_GB18030: &[u8] = include_bytes!("../../../cli/tests/data/xqbase_two_games.pgn");
const XQF_V12: &[u8] = include_bytes!("../../../cli/tests/data/endgame_v12.xqf");
const XQF_V10: &[u8] = include_bytes!("../../../cli/tests/data/liu_lu_v10.xqf");
const DHTMLXQ: &[u8] = include_bytes!("../../../cli/tests/data/liu_lu.dhtmlxq");
const BIG5_PGN: &[u8] = include_bytes!("../../../study/tests/fixtures/big5.pgn");
const GB18030_PGN: &[u8] = include_bytes!("../../../study/tests/fixtures/gb18030.pgn");
const UTF16BE_PGN: &[u8] = include_bytes!("../../../study/tests/fixtures/utf16be.pgn");
const BINARY: &[u8] = include_bytes!("../../../study/tests/fixtures/binary.bin");

/// A logged-in user speaking raw HTTP.
struct User {
    base: String,
    cookie: String,
    http: reqwest::Client,
}

impl User {
    async fn register(addr: SocketAddr, name: &str) -> User {
        let mut c = HttpClient::new(addr);
        c.register(name, "password123").await.expect("register");
        User {
            base: format!("http://{addr}"),
            cookie: c.cookie.expect("cookie"),
            http: reqwest::Client::new(),
        }
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> (u16, String) {
        let resp = req.header("cookie", &self.cookie).send().await.unwrap();
        (resp.status().as_u16(), resp.text().await.unwrap())
    }

    async fn import(&self, bytes: &[u8]) -> (u16, Value) {
        self.import_as(bytes, "").await
    }

    /// `POST /api/import?encoding=…` (no query when `encoding` is empty).
    async fn import_as(&self, bytes: &[u8], encoding: &str) -> (u16, Value) {
        let query = if encoding.is_empty() {
            String::new()
        } else {
            format!("?encoding={encoding}")
        };
        let req = self
            .http
            .post(format!("{}/api/import{query}", self.base))
            .header("content-type", "application/octet-stream")
            .body(bytes.to_vec());
        let (status, text) = self.send(req).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn json(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(b) = body {
            req = req.json(&b);
        }
        let (status, text) = self.send(req).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.json(reqwest::Method::GET, path, None).await
    }

    async fn text(&self, path: &str) -> (u16, String) {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    async fn save(&self, pgn: &str, tags: &[&str]) -> (u16, Value) {
        self.json(
            reqwest::Method::POST,
            "/api/me/collection",
            Some(json!({"pgn": pgn, "tags": tags})),
        )
        .await
    }
}

fn tag<'a>(game: &'a Value, name: &str) -> &'a str {
    game["tags"]
        .as_array()
        .and_then(|tags| tags.iter().find(|t| t[0] == name))
        .and_then(|t| t[1].as_str())
        .unwrap_or("")
}

#[tokio::test]
async fn records_as_people_have_them_are_imported() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let alice = User::register(srv.addr, "alice").await;

    // xqbase's shape: GB18030, CRLF, a trailer after each game, ECCO/Opening tags.
    let (status, r) = alice.import(XQBASE_GB18030).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["format"], "pgn");
    let games = r["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{r}");
    assert_eq!(tag(&games[0], "Red"), "红方1");
    assert_eq!(tag(&games[0], "Event"), "合成测试赛");
    assert_eq!(tag(&games[0], "ECCO"), "C48");
    assert!(tag(&games[0], "Opening").starts_with("中炮过河车"));
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[0]["moves"][0], "h2e2", "炮二平五 in ICCS");
    assert!(!r["warnings"].as_array().unwrap().is_empty(), "trailer");
    assert!(r["errors"].as_array().unwrap().is_empty());

    // XQF, old and obfuscated, and DhtmlXQ.
    for (bytes, format) in [(XQF_V10, "xqf"), (XQF_V12, "xqf"), (DHTMLXQ, "dhtmlxq")] {
        let (status, r) = alice.import(bytes).await;
        assert_eq!(status, 200, "{format}: {r}");
        assert_eq!(r["format"], format);
        assert_eq!(r["games"].as_array().unwrap().len(), 1);
        assert!(!r["games"][0]["moves"].as_array().unwrap().is_empty());
    }
    let (_, dh) = alice.import(DHTMLXQ).await;
    assert_eq!(tag(&dh["games"][0], "Red"), "柳大华");

    // A collection with a broken second game: reported by number and line, the rest read.
    let text = "[Round \"1\"]\n1. h2e2 h9g7 1-0\n\n[Round \"2\"]\n1. h2e2 h9g7\n2. x0x9 *\n\n\
                [Round \"3\"]\n1. b2e2 *\n";
    let (status, r) = alice.import(text.as_bytes()).await;
    assert_eq!(status, 200, "{r}");
    let numbers: Vec<u64> = r["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, vec![1, 3]);
    assert_eq!(r["errors"][0]["game"], 2);
    assert_eq!(r["errors"][0]["line"], 6, "{r}");

    // Nothing readable, nothing at all, an illegal move: refused with a clear code.
    for bad in [&b"hello, world"[..], b"", b"[Format \"ICCS\"]\n1. H2-E9 *"] {
        let (status, r) = alice.import(bad).await;
        assert_eq!(
            (status, r["error"].as_str()),
            (400, Some("bad_record")),
            "{r}"
        );
    }
    // Without a session: refused.
    let resp = reqwest::Client::new()
        .post(format!("http://{}/api/import", srv.addr))
        .body("1. h2e2 *")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 401);
}

/// The Pascal string at `offset` of an XQF header replaced by `bytes`.
fn set_xqf_string(file: &mut [u8], offset: usize, bytes: &[u8]) {
    file[offset] = u8::try_from(bytes.len()).unwrap();
    file[offset + 1..offset + 1 + bytes.len()].copy_from_slice(bytes);
}

#[tokio::test]
async fn records_in_any_encoding_are_imported_from_their_raw_bytes() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let alice = User::register(srv.addr, "alice").await;

    // Big5 (traditional, full-width digits), GB18030 and UTF-16 without a mark: detected and
    // confirmed by the moves.
    for (bytes, encoding, red) in [
        (BIG5_PGN, "Big5", "紅方"),
        (GB18030_PGN, "gb18030", "红方"),
        (UTF16BE_PGN, "UTF-16BE", "紅方"),
    ] {
        let (status, r) = alice.import(bytes).await;
        assert_eq!(status, 200, "{encoding}: {r}");
        assert_eq!(r["encoding"], encoding, "{r}");
        assert_eq!(tag(&r["games"][0], "Red"), red);
        assert_eq!(r["games"][0]["moves"].as_array().unwrap().len(), 10, "{r}");
    }
    // Named: the same bytes read as Big5 on request, refused as UTF-8.
    let (status, r) = alice.import_as(BIG5_PGN, "big5").await;
    assert_eq!((status, r["encoding"].as_str()), (200, Some("Big5")), "{r}");
    let (status, r) = alice.import_as(BIG5_PGN, "utf-8").await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("record_encoding")),
        "{r}"
    );
    let (status, r) = alice.import_as(BIG5_PGN, "klingon").await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("unknown_encoding")),
        "{r}"
    );
    // Neither text nor a record: refused with its own code.
    let (status, r) = alice.import(BINARY).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("record_encoding")),
        "{r}"
    );

    // XQF whose strings are Big5 (a Taiwanese writer), and the GBK one as before.
    let mut xqf = XQF_V10.to_vec();
    let big5 = |s: &str| encoding_rs::BIG5.encode(s).0.into_owned();
    set_xqf_string(&mut xqf, 0x50, &big5("仙人指路對起馬局"));
    set_xqf_string(&mut xqf, 0xD0, &big5("「中立盃」象棋電視快棋賽"));
    set_xqf_string(&mut xqf, 0x110, &big5("1997年11月16日"));
    set_xqf_string(&mut xqf, 0x120, &big5("北京"));
    set_xqf_string(&mut xqf, 0x130, &big5("柳大華"));
    set_xqf_string(&mut xqf, 0x140, &big5("呂欽"));
    set_xqf_string(&mut xqf, 0x1D0, &big5("劉殿中"));
    set_xqf_string(&mut xqf, 0x1E0, &big5("過河象"));
    let (status, r) = alice.import(&xqf).await;
    assert_eq!((status, r["encoding"].as_str()), (200, Some("Big5")), "{r}");
    assert_eq!(tag(&r["games"][0], "Red"), "柳大華");
    assert_eq!(tag(&r["games"][0], "Black"), "呂欽");
    let (status, r) = alice.import(XQF_V10).await;
    assert_eq!(
        (status, r["encoding"].as_str()),
        (200, Some("gb18030")),
        "{r}"
    );
    assert_eq!(tag(&r["games"][0], "Red"), "柳大华");
}

#[tokio::test]
async fn a_record_over_the_limit_is_refused() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.import_max_bytes = 4096;
    let srv = TestServer::start_with(config).await;
    let alice = User::register(srv.addr, "alice").await;
    let mut big = b"[Event \"x\"]\n1. h2e2 h9g7 *\n".to_vec();
    big.resize(4097, b' ');
    let (status, r) = alice.import(&big).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("record_too_large")),
        "{r}"
    );
    big.truncate(4096);
    let (status, r) = alice.import(&big).await;
    assert_eq!(status, 200, "{r}");
}

#[tokio::test]
async fn a_collection_is_saved_tagged_searched_exported_and_private() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.limits.collection_max_games = 3;
    config.limits.collection_max_tags = 2;
    let srv = TestServer::start_with(config).await;
    let alice = User::register(srv.addr, "alice").await;
    let bob = User::register(srv.addr, "bob").await;

    let (_, r) = alice.import(XQBASE_GB18030).await;
    let first = r["games"][0]["pgn"].as_str().unwrap().to_owned();
    let second = r["games"][1]["pgn"].as_str().unwrap().to_owned();
    let (status, a) = alice.save(&first, &["study", "中炮"]).await;
    assert_eq!(status, 200, "{a}");
    let a = a["id"].as_u64().unwrap();
    let (_, b) = alice.save(&second, &[]).await;
    let b = b["id"].as_u64().unwrap();
    let (_, dh) = alice.import(DHTMLXQ).await;
    let (_, c) = alice
        .save(dh["games"][0]["pgn"].as_str().unwrap(), &["endgame"])
        .await;
    let c = c["id"].as_u64().unwrap();

    // Limits: a fourth game, three tags, a bad tag, a bad record.
    let (status, r) = alice.save(&first, &[]).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("collection_full"))
    );
    let (status, r) = alice
        .json(
            reqwest::Method::PUT,
            &format!("/api/me/collection/{b}/tags"),
            Some(json!({"tags": ["a", "b", "c"]})),
        )
        .await;
    assert_eq!((status, r["error"].as_str()), (400, Some("too_many_tags")));
    let (status, _) = alice
        .json(
            reqwest::Method::PUT,
            &format!("/api/me/collection/{b}/tags"),
            Some(json!({"tags": [" "]})),
        )
        .await;
    assert_eq!(status, 400);
    let (status, r) = bob.save("1. h2e9 *", &[]).await;
    assert_eq!((status, r["error"].as_str()), (400, Some("bad_record")));

    // Tagging (repeats merged) and searching by player, event, opening, result and tag.
    let (status, r) = alice
        .json(
            reqwest::Method::PUT,
            &format!("/api/me/collection/{b}/tags"),
            Some(json!({"tags": ["study", "study"]})),
        )
        .await;
    assert_eq!((status, r["tags"].clone()), (200, json!(["study"])), "{r}");
    let ids = |v: &Value| -> Vec<u64> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_u64().unwrap())
            .collect()
    };
    let (_, all) = alice.get("/api/me/collection").await;
    assert_eq!(ids(&all), vec![c, b, a], "newest first");
    assert_eq!(all["games"][2]["tags"], json!(["study", "中炮"]));
    assert_eq!(all["games"][2]["ecco"], "C48");
    let search = |q: &str| format!("/api/me/collection?{q}");
    for (q, want) in [
        ("player=%E7%BA%A2%E6%96%B92", vec![b]),  // 红方2
        ("player=%E6%9F%B3", vec![c]),            // 柳 (柳大华)
        ("event=%E6%B5%8B%E8%AF%95", vec![b, a]), // 测试
        ("opening=c48", vec![b, a]),
        ("opening=%E5%B1%8F%E9%A3%8E%E9%A9%AC&result=1-0", vec![a]), // 屏风马
        ("result=0-1", vec![c]),
        ("tag=study", vec![b, a]),
        ("tag=study&result=1-0", vec![a]),
        ("tag=none", vec![]),
        ("player=%25", vec![]), // a literal %, not a wildcard
    ] {
        let (status, r) = alice.get(&search(q)).await;
        assert_eq!(status, 200, "{q}: {r}");
        assert_eq!(ids(&r), want, "{q}");
    }

    // One game, with its PGN.
    let (status, one) = alice.get(&format!("/api/me/collection/{a}")).await;
    assert_eq!(status, 200);
    assert!(one["game"]["pgn"]
        .as_str()
        .unwrap()
        .contains("[ECCO \"C48\"]"));

    // The export reads back: every game, moves and tags kept.
    let (status, pgn) = alice.text("/api/me/collection.pgn").await;
    assert_eq!(status, 200);
    let back = xiangqi::record::read_collection(&pgn);
    assert!(back.errors.is_empty(), "{:?}", back.errors);
    assert_eq!(back.games.len(), 3);
    assert_eq!(back.games[0].tags.get("Red"), Some("红方1"));
    assert_eq!(back.games[0].tags.get("ECCO"), Some("C48"));
    let original = xiangqi::record::parse_pgn(&first).unwrap();
    assert_eq!(back.games[0].moves, original.moves);
    let (_, tagged) = alice
        .text("/api/me/collection.pgn?tag=study&notation=iccs")
        .await;
    assert_eq!(xiangqi::record::read_collection(&tagged).games.len(), 2);

    // Another user sees none of it and can change none of it.
    let (_, theirs) = bob.get("/api/me/collection").await;
    assert_eq!(ids(&theirs), Vec::<u64>::new());
    let (status, _) = bob.get(&format!("/api/me/collection/{a}")).await;
    assert_eq!(status, 404);
    let (status, _) = bob
        .json(
            reqwest::Method::PUT,
            &format!("/api/me/collection/{a}/tags"),
            Some(json!({"tags": ["mine"]})),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = bob
        .json(
            reqwest::Method::DELETE,
            &format!("/api/me/collection/{a}"),
            None,
        )
        .await;
    assert_eq!(status, 404);
    let (_, bob_pgn) = bob.text("/api/me/collection.pgn").await;
    assert!(bob_pgn.trim().is_empty());
    let (_, still) = alice.get(&format!("/api/me/collection/{a}")).await;
    assert_eq!(still["game"]["tags"], json!(["study", "中炮"]));

    // The owner deletes: gone, and room for another.
    let (status, _) = alice
        .json(
            reqwest::Method::DELETE,
            &format!("/api/me/collection/{a}"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, all) = alice.get("/api/me/collection?tag=study").await;
    assert_eq!(ids(&all), vec![b]);
    let (status, _) = alice.save(&first, &[]).await;
    assert_eq!(status, 200);
}

/// The analysis board exports its tree as PGN with variations in `( … )` (standard RAV), as
/// `web/js/analysis/pgn.js` writes it (e2e/unit/analysis.test.mjs checks the same text). The
/// reader keeps the main line and reads the variations as comments.
#[tokio::test]
async fn the_analysis_boards_export_reads_back() {
    let db = TestDb::new().await;
    let srv = TestServer::start(&db).await;
    let alice = User::register(srv.addr, "alice").await;
    let pgn = "[Game \"Chinese Chess\"]\n[Event \"Chuhe analysis\"]\n[Result \"*\"]\n\
               [Format \"ICCS\"]\n\n1. H2-E2 H9-G7 (1... H7-E7 2. H0-G2) 2. H0-G2 (2. C3-C4) \
               2... I9-H9 *\n";
    let (status, r) = alice.import(pgn.as_bytes()).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        r["games"][0]["moves"],
        json!(["h2e2", "h9g7", "h0g2", "i9h9"])
    );
    let (status, _) = alice
        .save(r["games"][0]["pgn"].as_str().unwrap(), &[])
        .await;
    assert_eq!(status, 200);
}
