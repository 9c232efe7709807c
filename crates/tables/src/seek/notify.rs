//! What the desk tells users, privately to every connection of theirs (`UserSockets`), and the
//! `Seek` view of a waiting seek.

use super::meta::Meta;
use crate::live::Live;
use platform::seek::{Seek, SeekId, SeekKind};
use platform::{TableId, UserId};
use protocol::views::{SeekUserView, SeekView};
use protocol::ServerMsg;
use xiangqi::Color;

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// The wire form of `seek`.
pub(super) fn view(seek: &Seek, meta: &Meta) -> SeekView {
    let kind = match seek.spec.kind {
        SeekKind::Quick => "quick",
        SeekKind::Open => "open",
        SeekKind::Challenge(_) => "challenge",
        SeekKind::Link => "link",
    };
    SeekView {
        id: seek.id,
        room: seek.spec.room.clone(),
        user: SeekUserView {
            id: seek.seeker.user,
            name: meta.user.name.clone(),
            rating: seek.seeker.rating,
            guest: seek.seeker.guest,
        },
        control: seek.spec.control.clone(),
        rated: seek.spec.rated,
        color: seek.spec.color.map(color_name),
        kind,
        to: meta.to.clone(),
        since: seek.since.0,
        key: None,
    }
}

/// `seek_waiting` to the seeker.
pub(super) fn waiting(state: &Live, user: UserId, seek: &SeekView, window: Option<u32>) {
    state
        .sockets
        .send(user, &ServerMsg::SeekWaiting { seek, window });
}

/// `challenge` to the challenged player.
pub(super) fn challenge(state: &Live, to: UserId, seek: &SeekView) {
    state.sockets.send(to, &ServerMsg::Challenge { seek });
}

/// `seek_gone` to the seeker.
pub(super) fn gone(state: &Live, user: UserId, seek: SeekId, reason: &'static str) {
    state.sockets.send(
        user,
        &ServerMsg::SeekGone {
            seek,
            reason,
            by: None,
        },
    );
}

/// `seek_gone` `declined` to the challenger: `by` declined their challenge.
pub(super) fn declined(state: &Live, user: UserId, seek: SeekId, by: &str) {
    state.sockets.send(
        user,
        &ServerMsg::SeekGone {
            seek,
            reason: "declined",
            by: Some(by),
        },
    );
}

/// `seek_paired` to one of the pair.
pub(super) fn paired(state: &Live, user: UserId, seek: SeekId, table: TableId, color: Color) {
    state.sockets.send(
        user,
        &ServerMsg::SeekPaired {
            seek,
            table,
            color: color_name(color),
        },
    );
}
