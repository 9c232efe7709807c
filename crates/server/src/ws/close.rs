//! How a WebSocket connection ends: the close code the server sends for each reason (see
//! docs/protocol.md §3.2). A broken frame is answered with a close frame saying why, and a
//! client's own close is answered, instead of the connection simply dropping (1006).

use crate::table::Close;
use tungstenite::error::{CapacityError, ProtocolError};
use tungstenite::Error as WsError;

/// The answer to the client's own close frame (the reply echoes the client's code).
pub const NORMAL: Close = Close {
    code: 1000,
    reason: "",
};
/// The server is stopping.
pub const GOING_AWAY: Close = Close {
    code: 1001,
    reason: "server stopping",
};
/// A frame broke the WebSocket protocol.
pub const PROTOCOL: Close = Close {
    code: 1002,
    reason: "protocol error",
};
/// A text frame was not UTF-8.
pub const INVALID_UTF8: Close = Close {
    code: 1007,
    reason: "text is not UTF-8",
};
/// A frame or message over `ws_max_message_bytes`.
pub const TOO_BIG: Close = Close {
    code: 1009,
    reason: "message too big",
};
/// The connection's session was logged out.
pub const LOGGED_OUT: Close = Close {
    code: 4001,
    reason: "logged out",
};

/// The close frame to send after reading failed with `err`; `None` when the connection itself
/// is gone (nothing can be sent).
#[must_use]
pub fn for_read_error(err: &axum::Error) -> Option<Close> {
    let source = std::error::Error::source(err)?;
    let Some(e) = source.downcast_ref::<WsError>() else {
        return Some(PROTOCOL);
    };
    match e {
        WsError::ConnectionClosed
        | WsError::AlreadyClosed
        | WsError::Io(_)
        | WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => None,
        WsError::Capacity(CapacityError::MessageTooLong { .. }) => Some(TOO_BIG),
        WsError::Utf8(_) => Some(INVALID_UTF8),
        _ => Some(PROTOCOL),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_errors_map_to_close_codes() {
        let too_long = WsError::Capacity(CapacityError::MessageTooLong {
            size: 10,
            max_size: 5,
        });
        let code = |e: WsError| for_read_error(&axum::Error::new(e)).map(|c| c.code);
        assert_eq!(code(too_long), Some(1009));
        assert_eq!(code(WsError::Utf8("bad".into())), Some(1007));
        assert_eq!(
            code(WsError::Protocol(ProtocolError::NonZeroReservedBits)),
            Some(1002)
        );
        assert_eq!(code(WsError::ConnectionClosed), None);
        assert_eq!(
            code(WsError::Protocol(
                ProtocolError::ResetWithoutClosingHandshake
            )),
            None
        );
    }
}
