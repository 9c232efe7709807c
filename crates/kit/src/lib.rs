//! The server's toolkit, shared by every server crate: the server's notion of now ([`clock`]),
//! what one client may cost ([`limits`]), the process's Prometheus instruments ([`metrics`]) and
//! the mailboxes of long-lived directors ([`directors`]). It knows nothing of tables, events or
//! the wire.

#![warn(missing_docs)]

pub mod clock;
pub mod directors;
pub mod limits;
pub mod metrics;
