//! [`ApplyError`]: why a table did not carry out a command.

use platform::table::TableError;
use protocol::error_code::ErrorCode;
use store::StoreError;

/// Why a table did not carry out a command; either way nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The table refused it (not your turn, illegal move, …).
    #[error(transparent)]
    Table(#[from] TableError),
    /// It could not be stored (the journal write failed), so it was undone.
    #[error("the command could not be stored; nothing changed, try again")]
    Unstored(StoreError),
}

impl ApplyError {
    /// The protocol's error code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            ApplyError::Table(e) => e.into(),
            ApplyError::Unstored(store::StoreError::Fenced(_)) => ErrorCode::TableMoved,
            ApplyError::Unstored(_) => ErrorCode::NotStored,
        }
    }
}
