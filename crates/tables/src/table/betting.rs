//! Spectator betting (旁观者竞猜) at a table: one parimutuel pool per game at the tables of rooms,
//! open to everyone but the two players until `bet_close_ply` plies have been played, settled at
//! the game's end (an aborted game refunds everyone). A pool is stored from its first bet on,
//! each bet in the same database transaction as its coins.

use super::coins::{balances, pool_config, Refusal};
use super::core::TableCore;
use super::desk::CoinDesk;
use super::keyed::{self, answered_before, client_keyed};
use crate::user::UserInfo;
use platform::eligibility;
use platform::ledger::Coins;
use platform::parimutuel::{Pick, Pool, PoolRefundReason, PoolStatus};
use platform::table::GameEnd;
use platform::{GameId, UserId};
use protocol::error_code::ErrorCode;
use protocol::events::EventView;
use protocol::views::{PickTotal, PicksView, PoolView};
use protocol::ServerMsg;
use serde_json::json;
use store::{CoinWrite, Stored};
use xiangqi::{Color, GameResult};

fn pick_name(p: Pick) -> &'static str {
    match p {
        Pick::RedWins => "red",
        Pick::BlackWins => "black",
        Pick::Draw => "draw",
    }
}

/// A pick as a bet's stored request names it (as it always has: `Red`, `Black`, `Draw`).
fn pick_in_request(p: Pick) -> &'static str {
    match p {
        Pick::RedWins => "Red",
        Pick::BlackWins => "Black",
        Pick::Draw => "Draw",
    }
}

impl CoinDesk {
    /// Handles a spectator's bet on `game_id` (the current game when not given). Sent again
    /// with its key, it is answered as the first time, whatever happened since.
    pub(super) async fn bet(
        &mut self,
        core: &TableCore,
        user: &UserInfo,
        pick: Pick,
        amount: Option<i64>,
        key: &str,
        game_id: Option<GameId>,
    ) -> Result<(), Refusal> {
        let amount = keyed::amount(amount)?;
        let request = keyed::keyed(
            user.id,
            key,
            "bet",
            &json!({"table": core.id, "pick": pick_in_request(pick), "amount": amount,
                "game_id": game_id}),
        );
        if answered_before(&core.state.db, &request).await? {
            self.send_my_bet(core, user.id);
            return Ok(());
        }
        let pool = eligibility::bet_pool(
            &core.table,
            self.pool.as_ref(),
            user.id,
            user.guest,
            game_id,
        )?;
        let game = core
            .table
            .game()
            .ok_or_else(|| Refusal::new(ErrorCode::NoGame, "no game in progress to bet on"))?;
        let ply = u32::try_from(game.ply()).unwrap_or(u32::MAX);
        let bal = balances(&core.state.db, &[user.id]).await?;
        let get = |u| bal.get(&u).copied().unwrap_or(Coins::ZERO);
        let step = pool.place(user.id, pick, Coins(amount), ply, &get)?;
        let tx = step
            .transaction
            .map(|tx| client_keyed(tx, "bet", user.id, key))
            .transpose()?;
        let write = CoinWrite {
            table: core.id,
            what: Stored::Pool(Box::new(step.pool.clone())),
            ledger: tx,
            request: Some(request),
            fence: Some(core.fence()),
        };
        let applied = core.noting_fence(core.state.db.coin_write(&write).await)?;
        if let Some(a) = applied.as_ref().filter(|a| !a.replayed) {
            self.tell_balances(a);
            self.pool = Some(step.pool);
            self.announce_pool();
        }
        self.send_my_bet(core, user.id);
        Ok(())
    }

    /// `PoolView`, while there is a pool.
    pub(super) fn pool_view(&self) -> Option<PoolView> {
        let p = self.pool.as_ref()?;
        let pick = |k: Pick| {
            let t = p.pick_total(k);
            PickTotal {
                total: t.amount.get(),
                bettors: t.bettors,
            }
        };
        Some(PoolView {
            game_id: p.game,
            open: matches!(p.status, PoolStatus::Open),
            close_ply: p.config.close_at_ply,
            total: p.total().map_or(0, Coins::get),
            bettors: p.bets.len(),
            picks: PicksView {
                red: pick(Pick::RedWins),
                black: pick(Pick::BlackWins),
                draw: pick(Pick::Draw),
            },
        })
    }

    /// Publishes the pool as it is now.
    fn announce_pool(&mut self) {
        let pool = self.pool_view();
        self.announce(EventView::Pool { pool });
    }

    /// Sends `user` their bet on the current pool, if any (`my_bet`, payout null).
    pub(super) fn send_my_bet(&mut self, core: &TableCore, user: UserId) {
        let Some(p) = &self.pool else { return };
        let Some(bet) = p.bet_of(user) else {
            return;
        };
        let payout = p.statement(user).map(|s| s.returned.get());
        let msg = ServerMsg::MyBet {
            table: core.id,
            game_id: p.game,
            pick: pick_name(bet.pick),
            amount: bet.amount.get(),
            payout,
        };
        self.tell(user, msg.to_text());
    }

    /// A game starts at a table of a room: a new, empty pool.
    pub(super) fn pool_on_game_started(&mut self, core: &TableCore) {
        self.pool = None;
        if core.ai.is_some() {
            return;
        }
        let (Some(id), Some(game)) = (core.game_id, core.table.game()) else {
            return;
        };
        let players = [game.player(Color::Red), game.player(Color::Black)];
        self.pool = Some(Pool::new(id.0, id, players, pool_config(&core.state)));
        self.announce_pool();
    }

    /// After a move: betting closes once `close_ply` plies have been played.
    pub(super) async fn pool_on_ply(&mut self, core: &TableCore, ply: usize) {
        let Some(p) = &self.pool else { return };
        let close = usize::try_from(p.config.close_at_ply).unwrap_or(usize::MAX);
        if !matches!(p.status, PoolStatus::Open) || ply < close {
            return;
        }
        let Ok(closed) = p.close() else { return };
        if !closed.bets.is_empty() {
            let write = CoinWrite {
                table: core.id,
                what: Stored::Pool(Box::new(closed.clone())),
                ledger: None,
                request: None,
                fence: Some(core.fence()),
            };
            if let Err(e) = core.noting_fence(core.state.db.coin_write(&write).await) {
                tracing::warn!(table = core.id.0, "closing the betting pool: {e}");
            }
        }
        self.pool = Some(closed);
        if !core.replaying {
            self.announce_pool();
        }
    }

    /// The pool's settlement at the end of the game: the write to store with the game's result
    /// and the settled pool. A pool nobody bet on needs no write.
    pub(super) fn pool_settlement(
        &self,
        core: &TableCore,
        end: &GameEnd,
    ) -> Option<(Option<CoinWrite>, Pool)> {
        let p = self.pool.as_ref()?;
        let result = end.outcome().map_or(GameResult::Unfinished, |o| o.result);
        match p.settle(result) {
            Ok(step) => {
                let write = (!p.bets.is_empty()).then(|| CoinWrite {
                    table: core.id,
                    what: Stored::Pool(Box::new(step.pool.clone())),
                    ledger: step.transaction,
                    request: None,
                    fence: Some(core.fence()),
                });
                Some((write, step.pool))
            }
            Err(e) => {
                tracing::error!(table = core.id.0, game = p.game.0, "settling the pool: {e}");
                None
            }
        }
    }

    /// Publishes a settled pool (`pool_settled`, then each bettor's `my_bet` with the payout)
    /// and drops it.
    pub(super) fn publish_pool_settled(
        &mut self,
        core: &TableCore,
        settled: Pool,
        result: &'static str,
    ) {
        let (refunded, reason, house) = match &settled.status {
            PoolStatus::Settled { tax, remainder, .. } => {
                (false, None, tax.get() + remainder.get())
            }
            PoolStatus::Refunded(why) => (
                true,
                Some(match why {
                    PoolRefundReason::SingleBettor => "single_bettor",
                    PoolRefundReason::NobodyRight => "no_winner",
                    PoolRefundReason::Aborted => "aborted",
                }),
                0,
            ),
            _ => return,
        };
        if !settled.bets.is_empty() {
            self.announce(EventView::PoolSettled {
                game_id: settled.game,
                result,
                refunded,
                reason,
                house,
            });
            let bettors: Vec<UserId> = settled.bets.iter().map(|b| b.bettor).collect();
            self.pool = Some(settled);
            for b in bettors {
                self.send_my_bet(core, b);
            }
        }
        self.pool = None;
    }
}
