//! A small client of the server's HTTP API and WebSocket protocol, used by the integration tests
//! and by `chuhe loadtest`.

#![warn(missing_docs)]

pub mod loadtest;

use futures_util::{SinkExt, StreamExt};
use protocol::client::{ClientMsg, Envelope};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::Duration;
use thiserror::Error;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A client failure.
#[derive(Debug, Error)]
pub enum ClientError {
    /// HTTP failed.
    #[error("http: {0}")]
    Http(#[from] reqwest::Error),
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    Ws(Box<tokio_tungstenite::tungstenite::Error>),
    /// The server answered with an error status or message.
    #[error("refused: {0}")]
    Refused(Value),
    /// Nothing came in time.
    #[error("timed out waiting for {0}")]
    Timeout(String),
    /// The socket closed.
    #[error("connection closed")]
    Closed,
}

impl From<tokio_tungstenite::tungstenite::Error> for ClientError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> ClientError {
        ClientError::Ws(Box::new(e))
    }
}

/// The JSON frame of `msg` with request id `id` (docs/protocol.md §3).
fn frame(id: Option<u64>, msg: ClientMsg) -> Value {
    // A `ClientMsg` has no map with non-string keys, so it always serialises.
    serde_json::to_value(Envelope { id, msg }).unwrap_or(Value::Null)
}

/// An HTTP client holding one session cookie.
#[derive(Clone, Debug)]
pub struct HttpClient {
    base: String,
    http: reqwest::Client,
    /// The `chuhe_session=…` cookie, once logged in.
    pub cookie: Option<String>,
}

impl HttpClient {
    /// A client of the server at `addr`.
    #[must_use]
    pub fn new(addr: SocketAddr) -> HttpClient {
        HttpClient {
            base: format!("http://{addr}"),
            http: reqwest::Client::new(),
            cookie: None,
        }
    }

    /// A client of the server at `addr` whose clones share one connection pool that keeps at
    /// most `idle` idle connections (a load generator's many players reuse a few sockets).
    #[must_use]
    pub fn pooled(addr: SocketAddr, idle: usize) -> HttpClient {
        HttpClient {
            base: format!("http://{addr}"),
            http: reqwest::Client::builder()
                .pool_max_idle_per_host(idle)
                .build()
                .unwrap_or_default(),
            cookie: None,
        }
    }

    /// Another client on the same connection pool, without a session.
    #[must_use]
    pub fn sibling(&self) -> HttpClient {
        HttpClient {
            base: self.base.clone(),
            http: self.http.clone(),
            cookie: None,
        }
    }

    /// `POST path` with a JSON body; keeps a session cookie it is given. Returns status and body.
    ///
    /// # Errors
    /// [`ClientError::Http`].
    pub async fn post(&mut self, path: &str, body: &Value) -> Result<(u16, Value), ClientError> {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let resp = req.send().await?;
        if let Some(set) = resp
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
        {
            if let Some(kv) = set.split(';').next() {
                self.cookie = (!kv.ends_with('=')).then(|| kv.to_owned());
            }
        }
        let status = resp.status().as_u16();
        let text = resp.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// `GET path`: status and body text.
    ///
    /// # Errors
    /// [`ClientError::Http`].
    pub async fn get_text(&self, path: &str) -> Result<(u16, String), ClientError> {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let resp = req.send().await?;
        Ok((resp.status().as_u16(), resp.text().await?))
    }

    /// `GET path` as JSON.
    ///
    /// # Errors
    /// [`ClientError::Http`].
    pub async fn get(&self, path: &str) -> Result<(u16, Value), ClientError> {
        let (status, text) = self.get_text(path).await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// Registers `name` (and keeps the session).
    ///
    /// # Errors
    /// [`ClientError::Refused`] unless 201.
    pub async fn register(&mut self, name: &str, password: &str) -> Result<Value, ClientError> {
        let (status, body) = self
            .post(
                "/api/register",
                &json!({"name": name, "password": password}),
            )
            .await?;
        if status == 201 {
            Ok(body["user"].clone())
        } else {
            Err(ClientError::Refused(body))
        }
    }

    /// Logs in.
    ///
    /// # Errors
    /// [`ClientError::Refused`] unless 200.
    pub async fn login(&mut self, name: &str, password: &str) -> Result<Value, ClientError> {
        let (status, body) = self
            .post("/api/login", &json!({"name": name, "password": password}))
            .await?;
        if status == 200 {
            Ok(body["user"].clone())
        } else {
            Err(ClientError::Refused(body))
        }
    }

    /// Starts a guest session.
    ///
    /// # Errors
    /// [`ClientError::Refused`] unless 200.
    pub async fn guest(&mut self) -> Result<Value, ClientError> {
        let (status, body) = self.post("/api/guest", &json!({})).await?;
        if status == 200 {
            Ok(body["user"].clone())
        } else {
            Err(ClientError::Refused(body))
        }
    }
}

/// One WebSocket connection speaking the protocol.
pub struct WsClient {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    backlog: VecDeque<Value>,
    /// How long to wait for an answer.
    pub timeout: Duration,
}

impl WsClient {
    /// Connects to `addr` with `cookie`, sending our own `Origin`, and reads `welcome`.
    ///
    /// # Errors
    /// [`ClientError`] if the upgrade is refused.
    pub async fn connect(
        addr: SocketAddr,
        cookie: Option<&str>,
    ) -> Result<(WsClient, Value), ClientError> {
        WsClient::connect_with_origin(addr, cookie, &format!("http://{addr}")).await
    }

    /// Connects with a chosen `Origin`.
    ///
    /// # Errors
    /// [`ClientError`] if the upgrade is refused.
    pub async fn connect_with_origin(
        addr: SocketAddr,
        cookie: Option<&str>,
        origin: &str,
    ) -> Result<(WsClient, Value), ClientError> {
        let mut req = format!("ws://{addr}/ws?protocol=1").into_client_request()?;
        let h = req.headers_mut();
        if let Ok(v) = HeaderValue::from_str(origin) {
            h.insert("origin", v);
        }
        if let Some(c) = cookie.and_then(|c| HeaderValue::from_str(c).ok()) {
            h.insert("cookie", c);
        }
        let (ws, _) = tokio_tungstenite::connect_async(req).await?;
        let mut c = WsClient {
            ws,
            next_id: 1,
            backlog: VecDeque::new(),
            timeout: Duration::from_secs(10),
        };
        let welcome = c.next_where(|m| m["t"] == "welcome", "welcome").await?;
        Ok((c, welcome))
    }

    /// Sends a message as is.
    ///
    /// # Errors
    /// [`ClientError::Ws`].
    pub async fn send(&mut self, msg: &Value) -> Result<(), ClientError> {
        self.ws.send(Message::Text(msg.to_string().into())).await?;
        Ok(())
    }

    async fn read(&mut self) -> Result<Value, ClientError> {
        let text = self.read_text().await?;
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// The next text message, as sent.
    async fn read_text(&mut self) -> Result<Utf8Bytes, ClientError> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => return Ok(t),
                Some(Ok(Message::Close(_))) | None => return Err(ClientError::Closed),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }

    /// The next message (from the backlog first).
    ///
    /// # Errors
    /// [`ClientError::Timeout`] or [`ClientError::Closed`].
    pub async fn next(&mut self) -> Result<Value, ClientError> {
        if let Some(m) = self.backlog.pop_front() {
            return Ok(m);
        }
        tokio::time::timeout(self.timeout, self.read())
            .await
            .map_err(|_| ClientError::Timeout("a message".into()))?
    }

    /// The first message matching `pred`; others are kept for later.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] or [`ClientError::Closed`].
    pub async fn next_where(
        &mut self,
        pred: impl Fn(&Value) -> bool,
        what: &str,
    ) -> Result<Value, ClientError> {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return Ok(self.backlog.remove(i).unwrap_or(Value::Null));
        }
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            let m = tokio::time::timeout_at(deadline, self.read())
                .await
                .map_err(|_| ClientError::Timeout(what.to_owned()))??;
            if pred(&m) {
                return Ok(m);
            }
            self.backlog.push_back(m);
        }
    }

    /// The text of the next message that `pred` accepts, read without building a JSON tree
    /// (the load generator's hot path); the messages before it are kept, parsed, for later.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] or [`ClientError::Closed`].
    pub async fn next_text_where(
        &mut self,
        pred: impl Fn(&str) -> bool,
        what: &str,
    ) -> Result<Utf8Bytes, ClientError> {
        let kept = self.backlog.iter().position(|m| pred(&m.to_string()));
        if let Some(m) = kept.and_then(|i| self.backlog.remove(i)) {
            return Ok(m.to_string().into());
        }
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            let text = tokio::time::timeout_at(deadline, self.read_text())
                .await
                .map_err(|_| ClientError::Timeout(what.to_owned()))??;
            if pred(&text) {
                return Ok(text);
            }
            self.backlog
                .push_back(serde_json::from_str(&text).unwrap_or(Value::Null));
        }
    }

    /// The next table event of `type_`.
    ///
    /// # Errors
    /// As [`WsClient::next_where`].
    pub async fn event(&mut self, type_: &str) -> Result<Value, ClientError> {
        self.next_where(|m| m["t"] == "ev" && m["e"]["type"] == type_, type_)
            .await
    }

    /// [`WsClient::call`] with a typed message: the server's own wire type.
    ///
    /// # Errors
    /// As [`WsClient::call`].
    pub async fn request(&mut self, msg: ClientMsg) -> Result<Vec<Value>, ClientError> {
        self.call(frame(None, msg)).await
    }

    /// Sends the typed `msg` with request id `id`, without waiting for its answer.
    ///
    /// # Errors
    /// As [`WsClient::send`].
    pub async fn send_msg(&mut self, id: u64, msg: ClientMsg) -> Result<(), ClientError> {
        self.send(&frame(Some(id), msg)).await
    }

    /// Sends `msg` with a fresh `id` and waits for its `ack` (Ok: the messages that came
    /// before it) or `error` (Err).
    ///
    /// # Errors
    /// [`ClientError::Refused`] with the `error` message.
    pub async fn call(&mut self, mut msg: Value) -> Result<Vec<Value>, ClientError> {
        let id = self.next_id;
        self.next_id += 1;
        msg["id"] = Value::from(id);
        self.send(&msg).await?;
        let deadline = tokio::time::Instant::now() + self.timeout;
        let mut before = Vec::new();
        loop {
            let m = match self.backlog.pop_front() {
                Some(m) => m,
                None => tokio::time::timeout_at(deadline, self.read())
                    .await
                    .map_err(|_| ClientError::Timeout(format!("answer to {msg}")))??,
            };
            if m["id"] == id && m["t"] == "ack" {
                self.backlog.extend(before.iter().cloned());
                return Ok(before);
            }
            if m["id"] == id && m["t"] == "error" {
                self.backlog.extend(before);
                return Err(ClientError::Refused(m));
            }
            before.push(m);
        }
    }

    /// Forgets everything received so far.
    pub fn clear(&mut self) {
        self.backlog.clear();
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
