//! The coin desk of a table: the wager between its two players ([`super::wager`]) and the
//! spectators' betting pool of its game ([`super::betting`]). It reads the table through
//! [`TableCore`], stores every step with its coins before anyone is told, and hands back what
//! is to be said as [`Notice`]s, which the actor publishes.

use super::coin_cmd::CoinCmd;
use super::coins::Refusal;
use super::core::{Notice, TableCore};
use crate::user::UserInfo;
use platform::ledger::Applied;
use platform::parimutuel::Pool;
use platform::wager::{Wager, WagerStatus};
use platform::UserId;
use protocol::events::EventView;
use std::sync::Arc;

/// The wager of a table with the player shown on red.
#[derive(Clone, Debug)]
pub(super) struct WagerSlot {
    pub(super) wager: Wager,
    pub(super) red: UserId,
}

/// What the end of a game settled, to publish after its `game_ended`.
pub(super) struct Settled {
    /// The closed wager with the player on red.
    pub(super) wager: Option<(Wager, UserId)>,
    /// The settled pool.
    pub(super) pool: Option<Pool>,
    /// The game's result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub(super) result: &'static str,
    /// Users whose balance the settlements changed.
    pub(super) paid: Vec<UserId>,
}

/// A table's wager and betting pool.
#[derive(Default)]
pub(super) struct CoinDesk {
    /// The wager between the two players, while one is open.
    pub(super) wager: Option<WagerSlot>,
    /// The spectators' betting pool of the game in progress.
    pub(super) pool: Option<Pool>,
    /// What the desk has to say since the actor last took it.
    notices: Vec<Notice>,
}

impl CoinDesk {
    /// Handles a coin command of `user`.
    pub(super) async fn handle(
        &mut self,
        core: &TableCore,
        user: &UserInfo,
        cmd: CoinCmd,
    ) -> Result<(), Refusal> {
        match cmd {
            CoinCmd::Bet {
                pick,
                amount,
                key,
                game_id,
            } => self.bet(core, user, pick, amount, &key, game_id).await,
            other => self.wager_cmd(core, user, other).await,
        }
    }

    /// What the desk has to say since last asked, in order.
    pub(super) fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// Queues an event for everyone at the table.
    pub(super) fn announce(&mut self, event: EventView) {
        self.notices.push(Notice::Event(event));
    }

    /// Queues the new balances of a stored step, in turn with the events around it.
    pub(super) fn tell_balances(&mut self, applied: &Applied) {
        self.notices.push(Notice::Balances(applied.clone()));
    }

    /// Queues a private message to `user`.
    pub(super) fn tell(&mut self, user: UserId, msg: Arc<str>) {
        self.notices.push(Notice::To(user, msg));
    }

    /// Announces what the end of the game settled: `wager_settled` and the wager gone,
    /// `pool_settled` and each bettor's payout; the paid users get their balance.
    pub(super) fn publish_settled(&mut self, core: &TableCore, settled: Settled) {
        if let Some((w, red)) = settled.wager {
            self.keep_wager(core, w, red);
        }
        if let Some(p) = settled.pool {
            self.publish_pool_settled(core, p, settled.result);
        }
        for user in settled.paid {
            let state = core.state.clone();
            tokio::spawn(async move {
                match crate::coins::balance(&state, user).await {
                    Ok(coins) => crate::coins::push_balance(&state, user, coins),
                    Err(e) => tracing::warn!("balance: {e}"),
                }
            });
        }
    }

    /// The game is over: its wager and pool have been settled (see `finisher`).
    pub(super) fn clear(&mut self) {
        self.wager = None;
        self.pool = None;
    }

    /// After a restart, a restored game gets back its wager and pool from the database, and
    /// opens a pool if it had none.
    pub(super) async fn load(&mut self, core: &TableCore) {
        self.load_stored(core).await;
        if self.pool.is_none() {
            self.pool_on_game_started(core);
        }
        let ply = core.table.game().map_or(0, |g| g.ply());
        self.pool_on_ply(core, ply).await;
    }

    /// The open wager and pool of this table's game as stored.
    pub(super) async fn load_stored(&mut self, core: &TableCore) {
        let Some(game_id) = core.game_id else { return };
        match core.state.db.open_wagers().await {
            Ok(wagers) => {
                for (table, red, w) in wagers {
                    let bound = matches!(w.status,
                        WagerStatus::Escrowed { game: Some(g) } if g == game_id);
                    if table == core.id && bound {
                        self.wager = Some(WagerSlot { wager: w, red });
                    }
                }
            }
            Err(e) => tracing::error!(table = core.id.0, "loading the wager: {e}"),
        }
        match core.state.db.open_pools().await {
            Ok(pools) => {
                if let Some((_, p)) = pools.into_iter().find(|(_, p)| p.game == game_id) {
                    self.pool = Some(p);
                }
            }
            Err(e) => tracing::error!(table = core.id.0, "loading the betting pool: {e}"),
        }
    }
}
