//! Raw TCP clients, to send what well-behaved clients never do: half-sent requests, and over a
//! hand-made WebSocket, oversized, unmasked or broken frames; and to read exactly what the
//! server answers (close frames and their codes, or the connection simply ending).

use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Opcodes (with FIN set) of the frames the tests send.
pub const TEXT: u8 = 0x81;
pub const CLOSE: u8 = 0x88;

/// Reads from `tcp` until it ends (EOF or reset): `Some(bytes read)`, or `None` if it is still
/// open after `within`.
pub async fn ends_within(tcp: &mut TcpStream, within: Duration) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let read_all = async {
        let mut chunk = [0u8; 4096];
        loop {
            match tcp.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&chunk[..n]),
            }
        }
    };
    tokio::time::timeout(within, read_all).await.ok()?;
    Some(got)
}

/// Sends `request` as is on a new connection and reads the response to its end (the request
/// should say `Connection: close`): status and body.
pub async fn request(addr: SocketAddr, request: &str) -> (u16, String) {
    let text = response(addr, request).await;
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// Sends `request` on a new connection and returns the whole response (read to its end).
pub async fn response(addr: SocketAddr, request: &str) -> String {
    let mut tcp = TcpStream::connect(addr).await.expect("connect");
    tcp.write_all(request.as_bytes()).await.expect("write");
    let got = ends_within(&mut tcp, Duration::from_secs(10))
        .await
        .expect("the response ends");
    String::from_utf8_lossy(&got).into_owned()
}

/// A guest session's cookie (`chuhe_session=…`), from a request on a connection of its own
/// that is closed (and its place given back) by the time this returns.
pub async fn guest_cookie(addr: SocketAddr) -> String {
    let resp = response(
        addr,
        "POST /api/guest HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    )
    .await;
    resp.lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie")
                .then(|| v.trim().split(';').next().unwrap_or_default().to_owned())
        })
        .unwrap_or_else(|| panic!("no cookie in {resp}"))
}

/// The upgrade request for `/ws?protocol={protocol}` with `cookie`.
pub fn upgrade_request(addr: SocketAddr, cookie: &str, protocol: u32) -> String {
    format!(
        "GET /ws?protocol={protocol} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Cookie: {cookie}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
}

/// A WebSocket spoken by hand.
pub struct RawWs {
    tcp: TcpStream,
    buf: Vec<u8>,
}

impl RawWs {
    /// Upgrades a new connection to `addr` with the session `cookie`.
    pub async fn connect(addr: SocketAddr, cookie: &str) -> RawWs {
        let mut tcp = TcpStream::connect(addr).await.expect("connect");
        tcp.write_all(upgrade_request(addr, cookie, 1).as_bytes())
            .await
            .expect("write");
        let mut buf = Vec::new();
        loop {
            let mut chunk = [0u8; 4096];
            let n = tcp.read(&mut chunk).await.expect("read");
            assert!(n > 0, "closed during the upgrade");
            buf.extend_from_slice(&chunk[..n]);
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buf[..i]).into_owned();
                assert!(head.starts_with("HTTP/1.1 101"), "{head}");
                buf.drain(..i + 4);
                return RawWs { tcp, buf };
            }
        }
    }

    /// The header of a frame whose first byte is `first` (FIN, RSV, opcode) claiming `len`
    /// bytes of payload, masked with `mask` if given.
    pub fn header(first: u8, len: u64, mask: Option<[u8; 4]>) -> Vec<u8> {
        let m = if mask.is_some() { 0x80 } else { 0 };
        let mut h = vec![first];
        match len {
            0..=125 => h.push(m | len as u8),
            126..=0xFFFF => {
                h.push(m | 126);
                h.extend_from_slice(&(len as u16).to_be_bytes());
            }
            _ => {
                h.push(m | 127);
                h.extend_from_slice(&len.to_be_bytes());
            }
        }
        if let Some(k) = mask {
            h.extend_from_slice(&k);
        }
        h
    }

    /// A whole frame: `payload` masked (as a client must) unless `masked` is false.
    pub fn frame(first: u8, payload: &[u8], masked: bool) -> Vec<u8> {
        let key = [0x37, 0xfa, 0x21, 0x3d];
        let mut f = RawWs::header(first, payload.len() as u64, masked.then_some(key));
        f.extend(
            payload
                .iter()
                .enumerate()
                .map(|(i, b)| if masked { b ^ key[i % 4] } else { *b }),
        );
        f
    }

    /// Writes `bytes` as they are.
    pub async fn send(&mut self, bytes: &[u8]) {
        self.tcp.write_all(bytes).await.expect("write");
    }

    async fn fill(&mut self, n: usize) -> bool {
        while self.buf.len() < n {
            let mut chunk = [0u8; 4096];
            match self.tcp.read(&mut chunk).await {
                Ok(0) | Err(_) => return false,
                Ok(k) => self.buf.extend_from_slice(&chunk[..k]),
            }
        }
        true
    }

    /// The next frame from the server: `(opcode, payload)`; `None` once the connection ended.
    pub async fn read_frame(&mut self) -> Option<(u8, Vec<u8>)> {
        if !self.fill(2).await {
            return None;
        }
        let opcode = self.buf[0] & 0x0f;
        let (len, at) = match self.buf[1] & 0x7f {
            126 => {
                self.fill(4).await.then_some(())?;
                (
                    usize::from(u16::from_be_bytes([self.buf[2], self.buf[3]])),
                    4,
                )
            }
            127 => {
                self.fill(10).await.then_some(())?;
                let mut b = [0u8; 8];
                b.copy_from_slice(&self.buf[2..10]);
                (u64::from_be_bytes(b) as usize, 10)
            }
            n => (usize::from(n), 2),
        };
        if !self.fill(at + len).await {
            return None;
        }
        let payload = self.buf[at..at + len].to_vec();
        self.buf.drain(..at + len);
        Some((opcode, payload))
    }

    /// Reads frames until the server's close frame and returns its code, then checks that the
    /// connection ends too; `None` if it ended without one (1006). Panics if neither happens
    /// within `within`.
    pub async fn close_code(&mut self, within: Duration) -> Option<u16> {
        let read = async {
            loop {
                match self.read_frame().await {
                    None => return None,
                    Some((0x8, p)) if p.len() >= 2 => {
                        return Some(u16::from_be_bytes([p[0], p[1]]))
                    }
                    Some((0x8, _)) => return Some(1005),
                    Some(_) => {}
                }
            }
        };
        let code = tokio::time::timeout(within, read)
            .await
            .expect("the server closes the WebSocket in time");
        if code.is_some() {
            let tcp_end = async { while self.read_frame().await.is_some() {} };
            tokio::time::timeout(within, tcp_end)
                .await
                .expect("the connection ends after the close frame");
        }
        code
    }
}
