//! Private notices that are also kept: sent to the user's connections like any private message
//! ([`crate::sockets::UserSockets::send`]) and stored (`store/notices.rs`) so a player who was
//! not connected reads them later.

use crate::live::Live;
use kit::clock;
use platform::UserId;
use protocol::ServerMsg;

/// Stores `msg` as a notice to `user`, then sends it to their connections on every node. A
/// notice that cannot be stored is still sent (and logged).
pub async fn send_kept(state: &Live, user: UserId, msg: &ServerMsg<'_>) {
    let text = msg.to_text();
    if let Err(e) = state.db.add_notice(user, clock::now(), &text).await {
        tracing::error!(user = user.0, "storing a notice: {e}");
    }
    state.sockets.send(user, msg);
}
