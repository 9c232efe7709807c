//! What the players hear: each ladder event that concerns a player becomes a private
//! `ladder_notice` to every connection of theirs (`UserSockets`), also stored so a player who
//! was not connected reads it later (`GET /api/me/notices`).

use super::actor::Director;
use super::table_ids::table_of;
use platform::ladder::{Challenge, Ladder, LadderEvent};
use platform::UserId;
use protocol::ladder::LadderNotice;
use protocol::ServerMsg;

impl Director {
    /// Sends `notice` to `user`.
    async fn notify(&self, user: UserId, notice: &LadderNotice) {
        let msg = ServerMsg::LadderNotice {
            ladder: self.spec.id,
            notice,
        };
        tables::notices::send_kept(&self.state, user, &msg).await;
    }

    /// Tells the players concerned by `e` (`before`: the ladder before the command).
    pub(super) async fn tell(&self, e: &LadderEvent, before: &Ladder) {
        match e {
            LadderEvent::Challenged { challenge: c } => {
                let n = LadderNotice::Challenged {
                    challenge: c.id.0,
                    challenger: c.challenger,
                    defender: c.defender,
                    table: table_of(self.spec.id, c.id),
                    deadline: c.deadline.0,
                };
                self.notify(c.challenger, &n).await;
                self.notify(c.defender, &n).await;
            }
            LadderEvent::Ended { challenge, outcome } => {
                if let Some(c) = before.challenge(*challenge) {
                    let n = LadderNotice::Ended {
                        challenge: challenge.0,
                        outcome: *outcome,
                    };
                    self.notify(c.challenger, &n).await;
                    self.notify(c.defender, &n).await;
                }
            }
            LadderEvent::Moved { user, from, to } => {
                self.notify(
                    *user,
                    &LadderNotice::Moved {
                        from: *from,
                        to: *to,
                    },
                )
                .await;
            }
            LadderEvent::Removed { user, reason, .. } => {
                self.notify(*user, &LadderNotice::Removed { reason: *reason })
                    .await;
            }
            _ => {}
        }
    }

    /// Tells both players of `c` that its deadline is near.
    pub(super) async fn remind_of(&self, c: &Challenge) {
        let n = LadderNotice::DeadlineNear {
            challenge: c.id.0,
            table: table_of(self.spec.id, c.id),
            deadline: c.deadline.0,
        };
        self.notify(c.challenger, &n).await;
        self.notify(c.defender, &n).await;
    }
}
