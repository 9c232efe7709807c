//! A graceful stop: requests in progress end, WebSockets are told the server is going away
//! (close 1001), and nothing is accepted afterwards.

use crate::common::{test_config, TestDb};
use crate::raw::{self, RawWs};
use std::sync::Arc;
use std::time::Duration;
use tables::ai::FirstLegalOpponent;

#[tokio::test]
async fn stopping_closes_websockets_with_1001_and_stops_accepting() {
    let db = TestDb::new().await;
    let srv = server::start(test_config(&db), Arc::new(FirstLegalOpponent))
        .await
        .expect("server starts");
    let addr = srv.addr;
    let cookie = raw::guest_cookie(addr).await;
    let mut ws = RawWs::connect(addr, &cookie).await;
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();

    let stop = tokio::spawn(srv.shutdown());
    assert_eq!(ws.close_code(Duration::from_secs(5)).await, Some(1001));
    assert!(
        raw::ends_within(&mut idle, Duration::from_secs(5))
            .await
            .is_some(),
        "an idle connection is closed"
    );
    tokio::time::timeout(Duration::from_secs(15), stop)
        .await
        .expect("shutdown finishes")
        .unwrap();
    assert!(tokio::net::TcpStream::connect(addr).await.is_err());
}
