//! A server message read only as far as the load generator needs: its kind, the request it
//! answers, its error code, and for a table event the event's type, the legal moves after it
//! and why a game ended. Typed, it is read without building a JSON tree (the load generator
//! shares the cores with the server under test).

use serde::Deserialize;
use std::borrow::Cow;

#[derive(Deserialize)]
pub(crate) struct Frame<'a> {
    #[serde(borrow)]
    t: Cow<'a, str>,
    #[serde(default)]
    id: Option<u64>,
    #[serde(borrow, default)]
    code: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    e: Option<EventHead<'a>>,
}

#[derive(Deserialize)]
struct EventHead<'a> {
    #[serde(borrow, rename = "type")]
    kind: Cow<'a, str>,
    #[serde(borrow, default)]
    legal: Vec<Cow<'a, str>>,
    #[serde(borrow, default)]
    end: Option<EndHead<'a>>,
}

#[derive(Deserialize)]
struct EndHead<'a> {
    #[serde(borrow, default)]
    reason: Option<Cow<'a, str>>,
}

/// What a frame tells a player about its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// A move, with the legal moves after it.
    Moved(Vec<String>),
    /// The game ended, for this reason.
    Ended(String),
    /// The request was acknowledged.
    Ack,
    /// The request was refused with this code.
    Refused(String),
    /// Anything else.
    Other,
}

impl Frame<'_> {
    fn event(&self) -> Option<&str> {
        (self.t == "ev").then(|| self.e.as_ref().map(|e| e.kind.as_ref()))?
    }

    /// Whether `text` is news about a game or a request: a `moved` or `game_ended` event, an
    /// `ack` or an `error`.
    pub(crate) fn is_news(text: &str) -> bool {
        serde_json::from_str::<Frame<'_>>(text).is_ok_and(|f| {
            matches!(f.event(), Some("moved" | "game_ended")) || f.t == "ack" || f.t == "error"
        })
    }

    /// What `text` tells, an `ack` or `error` counting only when it answers `id`.
    pub(crate) fn seen(text: &str, id: u64) -> Seen {
        let Ok(f) = serde_json::from_str::<Frame<'_>>(text) else {
            return Seen::Other;
        };
        match (f.t.as_ref(), f.event()) {
            ("ev", Some("moved")) => Seen::Moved(
                f.e.map(|e| e.legal.into_iter().map(Cow::into_owned).collect())
                    .unwrap_or_default(),
            ),
            ("ev", Some("game_ended")) => Seen::Ended(
                f.e.and_then(|e| e.end)
                    .and_then(|e| e.reason)
                    .map_or_else(|| "unknown".to_owned(), Cow::into_owned),
            ),
            ("ack", _) if f.id == Some(id) => Seen::Ack,
            ("error", _) if f.id == Some(id) => {
                Seen::Refused(f.code.map_or_else(|| "unknown".to_owned(), Cow::into_owned))
            }
            _ => Seen::Other,
        }
    }
}
