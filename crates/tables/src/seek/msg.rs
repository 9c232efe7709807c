//! What the seek desk is sent ([`DeskMsg`]), by whom ([`Asker`]), and its mailbox
//! ([`SeekDesk`]).

use crate::table::Outbox;
use crate::user::UserInfo;
use platform::clock::TimeControl;
use platform::seek::SeekId;
use platform::UserId;
use protocol::error_code::{ErrorCode, ErrorMsg};
use protocol::ServerMsg;
use std::sync::Arc;
use tokio::sync::mpsc;
use xiangqi::Color;

/// Mailbox size of the desk.
const MAILBOX: usize = 4_096;

/// How a seek may be taken, as asked (a challenge names its player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindAsked {
    /// 快速开始: paired by rating window.
    Quick,
    /// Listed in the lobby for anyone eligible to accept.
    Open,
    /// To the player with this name.
    Challenge(String),
    /// Unlisted: whoever has the link accepts.
    Link,
}

/// A seek as a client asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekAsked {
    /// The room.
    pub room: String,
    /// The time control.
    pub control: TimeControl,
    /// Rated or not.
    pub rated: bool,
    /// The colour wanted, if any.
    pub color: Option<Color>,
    /// How it may be taken.
    pub kind: KindAsked,
    /// The seek's id before a reconnect (the client posts its seeks again): if that seek of
    /// the user's still waits it is kept, and told again, instead of a new one.
    pub again: Option<SeekId>,
}

/// Who sent a desk command, and where its answer goes.
#[derive(Clone, Debug)]
pub struct Asker {
    /// The user.
    pub user: Arc<UserInfo>,
    /// Their connection's outbox.
    pub out: Outbox,
    /// The request id.
    pub id: Option<u64>,
}

impl Asker {
    /// Answers with a behaviour refusal (a ban's or mute's end in `until`).
    pub fn refused(&self, r: &crate::behaviour::Refused) {
        let mut msg = ErrorMsg::new(self.id, r.code, &r.message);
        if let Some(until) = r.until {
            msg = msg.until(until.0);
        }
        self.out.send_error(&msg);
    }

    /// Answers `ack`.
    pub fn ack(&self) {
        if let Some(id) = self.id {
            self.out.send_msg(&ServerMsg::Ack { id });
        }
    }

    /// Answers `error`.
    pub fn refuse(&self, code: ErrorCode, message: &str) {
        self.out.send_error(&ErrorMsg::new(self.id, code, message));
    }
}

/// A message to the seek desk.
#[derive(Debug)]
pub enum DeskMsg {
    /// A new seek.
    Seek {
        /// Who seeks.
        asker: Asker,
        /// What.
        asked: SeekAsked,
    },
    /// Accept a seek (an open or quick one, a challenge, a link).
    Accept {
        /// Who accepts.
        asker: Asker,
        /// The seek.
        seek: SeekId,
        /// A link seek's key.
        key: Option<String>,
    },
    /// Cancel one's seek.
    Cancel {
        /// Who cancels.
        asker: Asker,
        /// The seek.
        seek: SeekId,
    },
    /// Decline a challenge to oneself.
    Decline {
        /// Who declines (the challenged player).
        asker: Asker,
        /// The challenge.
        seek: SeekId,
    },
    /// A connection of `user` closed: their seeks go if it was their last.
    Closed {
        /// The user.
        user: UserId,
    },
}

/// The desk's mailbox (cheap to clone).
#[derive(Clone, Debug)]
pub struct SeekDesk {
    tx: mpsc::Sender<DeskMsg>,
}

impl SeekDesk {
    /// A mailbox and its receiving end (for [`super::desk::run`]).
    #[must_use]
    pub fn new() -> (SeekDesk, mpsc::Receiver<DeskMsg>) {
        let (tx, rx) = mpsc::channel(MAILBOX);
        (SeekDesk { tx }, rx)
    }

    /// Sends `msg`, waiting while the mailbox is full; `false` if the desk has stopped.
    pub async fn send(&self, msg: DeskMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}
