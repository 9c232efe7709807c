//! How a director's command crosses to the node that runs the director: a [`Crossing`] sent
//! with [`crate::EventsSite::ask_director`], answered with an [`Answer`]. Each kind of
//! director builds its own crossings and runs them (its `remote` module); the cluster only
//! carries the bytes, so a new kind of director touches neither the cluster nor the table
//! actor (docs/architecture.md).

use crate::deps::Events;
use platform::TableId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What is said when the director's node stays unreachable.
pub const UNREACHABLE: &str = "the event's server is not reachable; try again";

/// A command `cmd` for director `id` of kind `d` (`"tournament"`, `"ladder"`, `"league"`).
#[derive(Debug, Serialize, Deserialize)]
pub struct Crossing<C> {
    /// The kind of director.
    pub d: String,
    /// Which one (event, ladder or league id).
    pub id: u64,
    /// The command.
    pub cmd: C,
}

/// Which refusal crossed, so that the asking node refuses as the director's node did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalKind {
    /// The player cannot pay (an entry fee).
    NotEnoughCoins,
    /// Not journaled: nothing changed, the client may send it again.
    NotStored,
    /// The director's rules refused it.
    Refused,
}

/// A refusal as it crossed: its kind and why, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    /// Which refusal.
    pub kind: RefusalKind,
    /// Why, in words.
    pub why: String,
}

impl Refused {
    /// A [`RefusalKind::NotStored`] refusal.
    #[must_use]
    pub fn not_stored(why: impl Into<String>) -> Refused {
        Refused {
            kind: RefusalKind::NotStored,
            why: why.into(),
        }
    }

    /// A [`RefusalKind::Refused`] refusal.
    #[must_use]
    pub fn by_rules(why: impl Into<String>) -> Refused {
        Refused {
            kind: RefusalKind::Refused,
            why: why.into(),
        }
    }
}

/// The two ways between a director's `Refusal` (with `NotStored(String)` and
/// `Remote(String)` variants) and a [`Refused`]: not stored stays not stored; any other refusal
/// crosses in words and comes back as `Remote`.
macro_rules! refusals_cross {
    ($refusal:ident) => {
        impl From<&$refusal> for $crate::crossing::Refused {
            fn from(r: &$refusal) -> $crate::crossing::Refused {
                match r {
                    $refusal::NotStored(why) => $crate::crossing::Refused::not_stored(why.clone()),
                    r => $crate::crossing::Refused::by_rules(r.to_string()),
                }
            }
        }

        impl From<$crate::crossing::Refused> for $refusal {
            fn from(r: $crate::crossing::Refused) -> $refusal {
                match r.kind {
                    $crate::crossing::RefusalKind::NotStored => $refusal::NotStored(r.why),
                    _ => $refusal::Remote(r.why),
                }
            }
        }
    };
}
pub(crate) use refusals_cross;

/// What a director's node answers: the command's result or why not.
pub type Answer<T> = Result<T, Refused>;

/// Sends `crossing` to the node that runs the director with lease id `lease` and reads the
/// answer; a [`RefusalKind::NotStored`] refusal when no node answered in time.
pub async fn send<C: Serialize, T: DeserializeOwned>(
    state: &Events,
    lease: TableId,
    crossing: &Crossing<C>,
) -> Answer<T> {
    let body = serde_json::to_vec(crossing).map_err(|e| Refused::not_stored(e.to_string()))?;
    let Some(answer) = state.site.ask_director(lease, body).await else {
        return Err(Refused::not_stored(UNREACHABLE));
    };
    serde_json::from_slice::<Answer<T>>(&answer)
        .unwrap_or_else(|e| Err(Refused::not_stored(format!("unreadable answer: {e}"))))
}

/// The command of `body`, or the answer refusing it.
///
/// # Errors
/// The bytes of a refusal when `body` is not a command of this kind.
pub fn read<C: DeserializeOwned>(body: &[u8]) -> Result<Crossing<C>, Vec<u8>> {
    serde_json::from_slice(body).map_err(|e| {
        tracing::warn!("unreadable director command: {e}");
        encode::<()>(Err(Refused::by_rules("unreadable request"))).unwrap_or_default()
    })
}

/// An answer's bytes.
#[must_use]
pub fn encode<T: Serialize>(answer: Answer<T>) -> Option<Vec<u8>> {
    serde_json::to_vec(&answer).ok()
}
