//! Spectator betting (旁观者竞猜) at a table: one parimutuel pool per game at the tables of rooms,
//! open to everyone but the two players until `bet_close_ply` plies have been played, settled at
//! the game's end (an aborted game refunds everyone). A pool is stored from its first bet on,
//! each bet in the same database transaction as its coins.

use super::actor::TableActor;
use super::coins::{balances, pool_config, Refusal};
use super::keyed;
use super::wager::client_keyed;
use crate::error_code::ErrorCode;
use crate::store::{CoinWrite, Stored};
use crate::user::UserInfo;
use crate::ws::protocol::{Amount, PickMsg};
use platform::eligibility;
use platform::ledger::{Coins, GameId};
use platform::parimutuel::{Pick, Pool, PoolRefundReason, PoolStatus};
use platform::table::GameEnd;
use platform::UserId;
use serde_json::{json, Value};
use xiangqi::{Color, GameResult};

fn pick_name(p: Pick) -> &'static str {
    match p {
        Pick::RedWins => "red",
        Pick::BlackWins => "black",
        Pick::Draw => "draw",
    }
}

impl TableActor {
    /// Handles a spectator's bet on `game_id` (the current game when not given). Sent again
    /// with its key, it is answered as the first time, whatever happened since.
    pub(super) async fn bet(
        &mut self,
        user: &UserInfo,
        pick: PickMsg,
        amount: Amount,
        key: &str,
        game_id: Option<u64>,
    ) -> Result<(), Refusal> {
        let amount = keyed::amount(amount)?;
        let request = keyed::keyed(
            user.id,
            key,
            "bet",
            &json!({"table": self.id.0, "pick": format!("{pick:?}"), "amount": amount,
                "game_id": game_id}),
        );
        if self.answered_before(&request).await? {
            self.send_my_bet(user.id);
            return Ok(());
        }
        let meant_for = game_id.map(platform::GameId);
        let pool = eligibility::bet_pool(
            &self.table,
            self.pool.as_ref(),
            user.id,
            user.guest,
            meant_for,
        )?;
        let game = self
            .table
            .game()
            .ok_or_else(|| Refusal::new(ErrorCode::NoGame, "no game in progress to bet on"))?;
        let ply = u32::try_from(game.ply()).unwrap_or(u32::MAX);
        let pick = match pick {
            PickMsg::Red => Pick::RedWins,
            PickMsg::Black => Pick::BlackWins,
            PickMsg::Draw => Pick::Draw,
        };
        let bal = balances(&self.state.db, &[user.id]).await?;
        let get = |u| bal.get(&u).copied().unwrap_or(Coins::ZERO);
        let step = pool.place(user.id, pick, Coins(amount), ply, &get)?;
        let tx = step
            .transaction
            .map(|tx| client_keyed(tx, "bet", user.id, key))
            .transpose()?;
        let write = CoinWrite {
            table: self.id.0,
            what: Stored::Pool(Box::new(step.pool.clone())),
            ledger: tx,
            request: Some(request),
        };
        let applied = self.state.db.coin_write(&write).await?;
        if let Some(a) = applied.as_ref().filter(|a| !a.replayed) {
            crate::coins::announce(&self.state, a);
            self.pool = Some(step.pool);
            let view = self.pool_json();
            self.publish(json!({"type": "pool", "pool": view}), crate::clock::now());
        }
        self.send_my_bet(user.id);
        Ok(())
    }

    /// `PoolView`, or null.
    pub(super) fn pool_json(&self) -> Value {
        let Some(p) = &self.pool else {
            return Value::Null;
        };
        let pick = |k: Pick| {
            let t = p.pick_total(k);
            json!({"total": t.amount.get(), "bettors": t.bettors})
        };
        json!({
            "game_id": p.game.0,
            "open": matches!(p.status, PoolStatus::Open),
            "close_ply": p.config.close_at_ply,
            "total": p.total().map_or(0, Coins::get),
            "bettors": p.bets.len(),
            "picks": {"red": pick(Pick::RedWins), "black": pick(Pick::BlackWins), "draw": pick(Pick::Draw)},
        })
    }

    /// Sends `user` their bet on the current pool, if any (`my_bet`, payout null).
    pub(super) fn send_my_bet(&self, user: UserId) {
        let Some(p) = &self.pool else { return };
        let Some(bet) = p.bet_of(user) else {
            return;
        };
        let payout = p.statement(user).map(|s| s.returned.get());
        self.send_to(
            user,
            &json!({"t": "my_bet", "table": self.id.0, "game_id": p.game.0,
                "pick": pick_name(bet.pick), "amount": bet.amount.get(), "payout": payout}),
        );
    }

    /// Sends a private message to every connection of `user` at this table.
    pub(super) fn send_to(&self, user: UserId, msg: &Value) {
        for s in self.subs.values().filter(|s| s.user == user) {
            s.out.send_json(msg);
        }
    }

    /// A game starts at a table of a room: a new, empty pool.
    pub(super) fn pool_on_game_started(&mut self) {
        self.pool = None;
        if self.ai.is_some() {
            return;
        }
        let (Some(id), Some(game)) = (self.game_id, self.table.game()) else {
            return;
        };
        let players = [game.player(Color::Red), game.player(Color::Black)];
        self.pool = Some(Pool::new(id, GameId(id), players, pool_config(&self.state)));
        let view = self.pool_json();
        self.publish(json!({"type": "pool", "pool": view}), crate::clock::now());
    }

    /// After a move: betting closes once `close_ply` plies have been played.
    pub(super) async fn pool_on_ply(&mut self, ply: usize) {
        let Some(p) = &self.pool else { return };
        let close = usize::try_from(p.config.close_at_ply).unwrap_or(usize::MAX);
        if !matches!(p.status, PoolStatus::Open) || ply < close {
            return;
        }
        let Ok(closed) = p.close() else { return };
        if !closed.bets.is_empty() {
            let write = CoinWrite {
                table: self.id.0,
                what: Stored::Pool(Box::new(closed.clone())),
                ledger: None,
                request: None,
            };
            if let Err(e) = self.state.db.coin_write(&write).await {
                tracing::warn!(table = self.id.0, "closing the betting pool: {e}");
            }
        }
        self.pool = Some(closed);
        if !self.replaying {
            let view = self.pool_json();
            self.publish(json!({"type": "pool", "pool": view}), crate::clock::now());
        }
    }

    /// The pool's settlement at the end of the game: the write to store with the game's result
    /// and the settled pool. A pool nobody bet on needs no write.
    pub(super) fn pool_settlement(&self, end: &GameEnd) -> Option<(Option<CoinWrite>, Pool)> {
        let p = self.pool.as_ref()?;
        let result = end.outcome().map_or(GameResult::Unfinished, |o| o.result);
        match p.settle(result) {
            Ok(step) => {
                let write = (!p.bets.is_empty()).then(|| CoinWrite {
                    table: self.id.0,
                    what: Stored::Pool(Box::new(step.pool.clone())),
                    ledger: step.transaction,
                    request: None,
                });
                Some((write, step.pool))
            }
            Err(e) => {
                tracing::error!(table = self.id.0, game = p.game.0, "settling the pool: {e}");
                None
            }
        }
    }

    /// Publishes a settled pool (`pool_settled`, then each bettor's `my_bet` with the payout)
    /// and drops it.
    pub(super) fn publish_pool_settled(&mut self, settled: Pool, result: &str) {
        let (refunded, reason, house) = match &settled.status {
            PoolStatus::Settled { tax, remainder, .. } => {
                (false, Value::Null, tax.get() + remainder.get())
            }
            PoolStatus::Refunded(why) => (
                true,
                json!(match why {
                    PoolRefundReason::SingleBettor => "single_bettor",
                    PoolRefundReason::NobodyRight => "no_winner",
                    PoolRefundReason::Aborted => "aborted",
                }),
                0,
            ),
            _ => return,
        };
        if !settled.bets.is_empty() {
            let event = json!({"type": "pool_settled", "game_id": settled.game.0,
                "result": result, "refunded": refunded, "reason": reason, "house": house});
            self.publish(event, crate::clock::now());
            let bettors: Vec<UserId> = settled.bets.iter().map(|b| b.bettor).collect();
            self.pool = Some(settled);
            for b in bettors {
                self.send_my_bet(b);
            }
        }
        self.pool = None;
    }

    /// After a restart, a restored game gets back its wager and pool from the database, and
    /// opens a pool if it had none.
    pub(super) async fn load_coins(&mut self) {
        self.load_stored_coins().await;
        if self.pool.is_none() {
            self.pool_on_game_started();
        }
        let ply = self.table.game().map_or(0, |g| g.ply());
        self.pool_on_ply(ply).await;
    }

    /// The open wager and pool of this table's game as stored.
    pub(super) async fn load_stored_coins(&mut self) {
        let Some(game_id) = self.game_id else { return };
        match self.state.db.open_wagers().await {
            Ok(wagers) => {
                for (table, red, w) in wagers {
                    let bound = matches!(w.status,
                        platform::wager::WagerStatus::Escrowed { game: Some(g) } if g.0 == game_id);
                    if table == self.id.0 && bound {
                        self.wager = Some(super::wager::WagerSlot { wager: w, red });
                    }
                }
            }
            Err(e) => tracing::error!(table = self.id.0, "loading the wager: {e}"),
        }
        match self.state.db.open_pools().await {
            Ok(pools) => {
                if let Some((_, p)) = pools.into_iter().find(|(_, p)| p.game.0 == game_id) {
                    self.pool = Some(p);
                }
            }
            Err(e) => tracing::error!(table = self.id.0, "loading the betting pool: {e}"),
        }
    }
}
