//! [`Caller`]: who sent a message to a table (the connection, its user, where to answer, the
//! request id), and the one way a table answers a request: `ack` or `error`.

use super::apply_error::ApplyError;
use super::outbox::{ConnId, Outbox};
use crate::user::UserInfo;
use platform::table::TableError;
use platform::TableId;
use protocol::error_code::{ErrorCode, ErrorMsg};
use protocol::ServerMsg;
use std::sync::Arc;

/// Who sent a message to a table, and where its answer goes.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The connection.
    pub conn: ConnId,
    /// Its user.
    pub user: Arc<UserInfo>,
    /// Where to answer.
    pub out: Outbox,
    /// The request id to acknowledge.
    pub id: Option<u64>,
}

impl Caller {
    /// Answers a table command: `ack`, or `error` with the table's refusal.
    pub(super) fn reply(&self, table: TableId, result: Result<(), ApplyError>) {
        match result {
            Ok(()) => self.ack(),
            Err(e) => {
                let text = e.to_string();
                let mut msg = ErrorMsg::new(self.id, e.code(), &text).at(table);
                if let ApplyError::Table(TableError::ChatFlood { retry_after }) = e {
                    msg = msg.retry_after(retry_after.0);
                }
                self.out.send_error(&msg);
            }
        }
    }

    /// Refuses the request at `table` with a behaviour refusal (a ban's or mute's end in `until`).
    pub(super) fn refused(&self, table: TableId, r: &crate::behaviour::Refused) {
        let mut msg = ErrorMsg::new(self.id, r.code, &r.message).at(table);
        if let Some(until) = r.until {
            msg = msg.until(until.0);
        }
        self.out.send_error(&msg);
    }

    /// Acknowledges the request, if it has an id.
    pub(super) fn ack(&self) {
        ack(&self.out, self.id);
    }

    /// Refuses the request at `table` with `code`.
    pub(super) fn refuse(&self, table: TableId, code: ErrorCode, message: &str) {
        refuse(&self.out, self.id, table, code, message);
    }
}

/// Acknowledges request `id` on `out`, if there is one.
pub(super) fn ack(out: &Outbox, id: Option<u64>) {
    if let Some(id) = id {
        out.send_msg(&ServerMsg::Ack { id });
    }
}

/// Refuses request `id` at `table` on `out` with `code`.
pub(super) fn refuse(
    out: &Outbox,
    id: Option<u64>,
    table: TableId,
    code: ErrorCode,
    message: &str,
) {
    out.send_error(&ErrorMsg::new(id, code, message).at(table));
}
