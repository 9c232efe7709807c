//! [`Refused`]: a behaviour gate's refusal (a ban, a mute, a score too low), apart from the
//! gates so that the WebSocket and HTTP answers can name it without reaching the server state.

use platform::Millis;
use protocol::error_code::ErrorCode;

/// A refusal: the code, the words, and the sanction's end where one refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// `banned`, `muted`, `behaviour_too_low` or `internal`.
    pub code: ErrorCode,
    /// Why, for people (a sanction's reason).
    pub message: String,
    /// When the sanction ends (ms since the epoch).
    pub until: Option<Millis>,
}
