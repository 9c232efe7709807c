//! [`Peer`]: the client's IP address, from the connection (`ConnectInfo`), when known.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

/// The address the request came from (`None` when the server was not given it).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub Option<IpAddr>);

impl Peer {
    /// The rate-limit key of this address (`ip:…`), if known.
    #[must_use]
    pub fn key(&self) -> Option<String> {
        self.0.map(|ip| format!("ip:{ip}"))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}
