//! The accept loop: HTTP/1.1 (with WebSocket upgrades) served by hyper, with a header timeout
//! that also ends idle keep-alive connections, and at most `connections_per_ip` open
//! connections per address. `axum::serve` has neither. Stopping stops accepting, lets requests
//! in progress finish (for up to [`SHUTDOWN_GRACE`]) and closes idle connections.

pub mod counted;
pub mod per_ip;

use axum::extract::ConnectInfo;
use axum::Router;
use counted::Counted;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use kit::limits::Limits;
use per_ip::PerIp;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::Service;

/// How long stopping waits for requests in progress.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `stop` completes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) {
    let per_ip = PerIp::new(limits.connections_per_ip);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout())
        .keep_alive(true);
    let builder = Arc::new(builder);
    // Every connection task holds a receiver: `stopping.closed()` resolves when all are done.
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = per_ip.admit(peer.ip()) else {
            tracing::debug!(%peer, "too many connections from this address");
            continue;
        };
        let stopped = stopped.clone();
        tokio::spawn(connection(
            builder.clone(),
            Counted::new(tcp, slot),
            peer,
            router.clone(),
            stopped,
        ));
    }
    drop(stopped);
    let _ = stopping.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, stopping.closed()).await;
}

async fn connection(
    builder: Arc<http1::Builder>,
    tcp: Counted<TcpStream>,
    peer: SocketAddr,
    router: Router,
    mut stopped: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move { router.call(req).await }
    });
    let conn = builder
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                tracing::debug!(%peer, "connection: {e}");
            }
        }
        _ = stopped.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}
