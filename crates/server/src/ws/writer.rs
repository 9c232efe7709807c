//! A connection's writer task: drains the connection's outbox (and the lobby feed when
//! subscribed) into the socket, and when the connection is to close, sends the close frame.

use crate::state::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::SinkExt;
use kit::clock;
use protocol::ServerMsg;
use std::sync::Arc;
use std::time::Duration;
use tables::table::{Close, Outbox};
use tokio::sync::{broadcast, mpsc, watch};

/// Longest wait for a close frame to go out (or for the client's reply to it).
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(2);

/// What the writer reads from.
pub struct Feeds {
    /// The connection's queued messages.
    pub rx: mpsc::Receiver<Arc<str>>,
    /// Lobby updates on or off.
    pub lobby_ctl: mpsc::Receiver<bool>,
    /// The signal to close, with the reason.
    pub closing: watch::Receiver<Option<Close>>,
    /// To signal, when the socket fails, that the connection is over.
    pub out: Outbox,
}

/// Writes until the connection closes; sends the close frame (or the answer to the client's).
pub async fn run(state: AppState, mut sink: SplitSink<WebSocket, Message>, mut feeds: Feeds) {
    let mut lobby: Option<broadcast::Receiver<Arc<str>>> = None;
    let why = loop {
        let msg: Arc<str> = tokio::select! {
            biased;
            c = feeds.closing.wait_for(Option::is_some) => break c.ok().and_then(|c| *c),
            m = feeds.rx.recv() => match m { Some(m) => m, None => break None },
            on = feeds.lobby_ctl.recv() => {
                match on {
                    Some(true) => {
                        lobby = Some(state.lobby.subscribe());
                        lobby_snapshot(&state)
                    }
                    Some(false) => { lobby = None; continue }
                    None => break None,
                }
            }
            m = recv_lobby(&mut lobby) => match m {
                Ok(m) => m,
                Err(broadcast::error::RecvError::Lagged(_)) => lobby_snapshot(&state),
                Err(broadcast::error::RecvError::Closed) => { lobby = None; continue }
            },
        };
        if write_batch(&mut sink, &mut feeds.rx, msg).await.is_err() {
            // The socket is gone, or the client's close frame arrived while this batch was being
            // written (tungstenite then refuses new messages): the reader stops too, and `close`
            // still flushes the answer to the client's close that tungstenite queued.
            feeds.out.close(Close::GONE);
            let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.close()).await;
            return;
        }
    };
    let Some(c) = why.filter(|c| *c != Close::GONE) else {
        return;
    };
    let frame = CloseFrame {
        code: c.code,
        reason: c.reason.into(),
    };
    // Our close frame, unless the client closed first: then tungstenite refuses to send it and
    // `close` flushes the answer it queued (which echoes the client's code).
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.send(Message::Close(Some(frame)))).await;
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.close()).await;
}

/// Writes `first` and everything already queued, with one flush (one write to the socket).
async fn write_batch(
    sink: &mut SplitSink<WebSocket, Message>,
    rx: &mut mpsc::Receiver<Arc<str>>,
    first: Arc<str>,
) -> Result<(), axum::Error> {
    sink.feed(Message::Text(first.to_string().into())).await?;
    while let Ok(more) = rx.try_recv() {
        sink.feed(Message::Text(more.to_string().into())).await?;
    }
    sink.flush().await
}

async fn recv_lobby(
    lobby: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, broadcast::error::RecvError> {
    match lobby {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

fn lobby_snapshot(state: &AppState) -> Arc<str> {
    ServerMsg::Lobby {
        rooms: state.lobby.snapshot(),
        now: clock::now().0,
    }
    .to_text()
}
