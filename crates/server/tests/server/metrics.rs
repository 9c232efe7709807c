//! `/metrics`: hidden without the token, counting connections and relayed moves with it, and
//! served openly on its own address when one is configured.

use crate::common::{start_game, test_config, untimed, TestDb, TestServer};

const TOKEN: &str = "metrics-token-for-tests";

/// The value of the sample `name` (no labels) in a text exposition.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

async fn scrape(url: &str, token: Option<&str>) -> (u16, String) {
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.expect("request");
    let code = res.status().as_u16();
    (code, res.text().await.expect("body"))
}

#[tokio::test]
async fn metrics_need_the_token_and_count_moves_and_connections() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    config.metrics.token = Some(TOKEN.to_owned());
    let srv = TestServer::start_with(config).await;
    let url = format!("http://{}/metrics", srv.addr);
    assert_eq!(scrape(&url, None).await.0, 404);
    assert_eq!(scrape(&url, Some("metrics-token-for-testz")).await.0, 404);
    let (code, before) = scrape(&url, Some(TOKEN)).await;
    assert_eq!(code, 200, "{before}");
    let moves_before = sample(&before, "chuhe_moves_relayed_total").expect("moves counter");
    let t = 4;
    let (mut red, mut black) = start_game(srv.addr, t, untimed(), ("mred", "mblack")).await;
    red.mv(t, "h2e2").await;
    black.mv(t, "h9g7").await;
    let (_, after) = scrape(&url, Some(TOKEN)).await;
    let moves = sample(&after, "chuhe_moves_relayed_total").expect("moves counter");
    // Other tests in this process relay moves too: at least our two were counted.
    assert!(moves >= moves_before + 2.0, "{moves_before} → {moves}");
    assert!(sample(&after, "chuhe_connections").expect("connections") >= 2.0);
    assert!(sample(&after, "chuhe_games_in_progress").expect("games") >= 1.0);
    assert!(sample(&after, "chuhe_relay_latency_seconds_count").expect("relay") >= 2.0);
    assert!(sample(&after, "chuhe_commit_latency_seconds_count").expect("commits") >= 2.0);
    assert!(after.contains("chuhe_lease_takeovers_total"), "{after}");
}

#[tokio::test]
async fn metrics_are_served_without_a_token_on_their_own_address() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    config.metrics.listen = Some(format!("127.0.0.1:{port}"));
    let srv = TestServer::start_with(config).await;
    // Not on the main address (no token configured)…
    assert_eq!(
        scrape(&format!("http://{}/metrics", srv.addr), None)
            .await
            .0,
        404
    );
    // …but on the metrics address, to anyone who reaches it.
    let (code, text) = scrape(&format!("http://127.0.0.1:{port}/metrics"), None).await;
    assert_eq!(code, 200);
    assert!(
        sample(&text, "chuhe_tables").expect("tables") >= 1.0,
        "{text}"
    );
}
