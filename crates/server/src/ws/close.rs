//! How a WebSocket connection ends after a read error: which close code (`Close`, whose codes
//! are all listed in `table/outbox.rs`; docs/protocol.md §3.2) answers a broken frame, instead
//! of the connection simply dropping (1006).

use tables::table::Close;
use tungstenite::error::{CapacityError, ProtocolError};
use tungstenite::Error as WsError;

/// The close frame to send after reading failed with `err`; `None` when the connection itself
/// is gone (nothing can be sent).
#[must_use]
pub fn for_read_error(err: &axum::Error) -> Option<Close> {
    let source = std::error::Error::source(err)?;
    let Some(e) = source.downcast_ref::<WsError>() else {
        return Some(Close::PROTOCOL);
    };
    match e {
        WsError::ConnectionClosed
        | WsError::AlreadyClosed
        | WsError::Io(_)
        | WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => None,
        WsError::Capacity(CapacityError::MessageTooLong { .. }) => Some(Close::TOO_BIG),
        WsError::Utf8(_) => Some(Close::INVALID_UTF8),
        _ => Some(Close::PROTOCOL),
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
