//! [`Limits`]: what one client may cost the server (`[limits]` in the configuration): frame
//! size, connections and timeouts, account creation, password hashing, record import and
//! game collections. docs/server.md lists them under "Limits".

use serde::Deserialize;
use std::time::Duration;

/// Bounds against hostile or broken clients. Every field has a default ([`Limits::default`]).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Largest WebSocket frame and message a client may send, in bytes (larger: close 1009).
    pub ws_max_message_bytes: usize,
    /// Seconds a client has to send a request's headers; also how long an idle keep-alive
    /// connection is kept open between requests.
    pub http_header_timeout_secs: u64,
    /// Seconds a client has to send a whole request, body included (then 408).
    pub http_request_timeout_secs: u64,
    /// Open TCP connections (HTTP and WebSocket) per IP address; more are closed at once.
    pub connections_per_ip: usize,
    /// Accounts (registrations and guests) one IP address may create per minute (then 429).
    pub accounts_per_ip_per_minute: u32,
    /// Password hashes (argon2id, 19 MiB each) computed at once, over registration and login.
    pub password_hashes_at_once: usize,
    /// Requests that may wait for a hashing slot; beyond that they are refused (503 `busy`).
    pub password_hash_queue: usize,
    /// Largest record file `POST /api/import` reads, in bytes (larger: 400 `record_too_large`).
    pub import_max_bytes: usize,
    /// Games one user may keep in their collection (more: 400 `collection_full`).
    pub collection_max_games: u64,
    /// Tags one collection game may carry (more: 400 `too_many_tags`).
    pub collection_max_tags: usize,
    /// Game analyses one user may have queued or running at once (then `too_many_analyses`).
    pub analyses_per_user: usize,
    /// Live engine lines (`analyse`) searched at once over the whole server (then
    /// `analysis_busy`); each connection has at most one.
    pub live_analyses_at_once: usize,
    /// Deepest a live search (`analyse`) goes before it ends.
    pub live_analysis_depth: u32,
    /// Seconds a live search (`analyse`) may run before it ends.
    pub live_analysis_secs: u64,
}

/// The longest reason of a player's report, in characters.
pub const REPORT_REASON_MAX_CHARS: usize = 500;

/// The longest reason of a moderator's ban or mute, in characters.
pub const SANCTION_REASON_MAX_CHARS: usize = 200;

/// Open reports one player may have at once (over all targets).
pub const OPEN_REPORTS_PER_USER: usize = 20;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            ws_max_message_bytes: 16 * 1024,
            http_header_timeout_secs: 10,
            http_request_timeout_secs: 30,
            connections_per_ip: 128,
            accounts_per_ip_per_minute: 10,
            password_hashes_at_once: 2,
            password_hash_queue: 16,
            import_max_bytes: 1024 * 1024,
            collection_max_games: 2000,
            collection_max_tags: 10,
            analyses_per_user: 1,
            live_analyses_at_once: 4,
            live_analysis_depth: 24,
            live_analysis_secs: 30,
        }
    }
}

impl Limits {
    /// The header (and keep-alive idle) timeout.
    #[must_use]
    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.http_header_timeout_secs)
    }

    /// The whole-request timeout.
    #[must_use]
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.http_request_timeout_secs)
    }

    /// The first value out of range, if any.
    #[must_use]
    pub fn problem(&self) -> Option<&'static str> {
        if self.ws_max_message_bytes < 1024 {
            return Some("limits: ws_max_message_bytes must be at least 1024");
        }
        if self.http_header_timeout_secs == 0 || self.http_request_timeout_secs == 0 {
            return Some("limits: timeouts must be at least 1 second");
        }
        if self.connections_per_ip == 0
            || self.accounts_per_ip_per_minute == 0
            || self.password_hashes_at_once == 0
            || self.analyses_per_user == 0
            || self.live_analyses_at_once == 0
            || self.live_analysis_depth == 0
            || self.live_analysis_secs == 0
        {
            return Some(
                "limits: connections_per_ip, accounts_per_ip_per_minute, \
                 password_hashes_at_once, analyses_per_user, live_analyses_at_once, \
                 live_analysis_depth and live_analysis_secs must be at least 1",
            );
        }
        if self.import_max_bytes < 1024
            || self.collection_max_games == 0
            || self.collection_max_tags == 0
        {
            return Some(
                "limits: import_max_bytes must be at least 1024, collection_max_games and \
                 collection_max_tags at least 1",
            );
        }
        None
    }
}

/// Longest collection tag, in characters.
pub const COLLECTION_TAG_CHARS: usize = 32;
