//! Player wagers (竞猜) at a table: only its two seated players, registered (not guests), at a
//! table of a room (not against the computer). A wager made between games applies to the next
//! game, one made during a game to that game; it lapses after it. Every step is stored with its
//! ledger transaction in one database transaction before anyone is told.

use super::coin_cmd::{CoinCmd, Seen, WagerKind};
use super::coins::{balances, settled_event, tax_rate, wager_users, Refusal};
use super::core::TableCore;
use super::desk::{CoinDesk, WagerSlot};
use super::keyed::{amount, answered_before, client_keyed, guest, keyed, stakes, stakes_json};
use crate::user::UserInfo;
use platform::eligibility;
use platform::ledger::{Coins, GameId, Transaction};
use platform::table::GameEnd;
use platform::wager::{Wager, WagerGameEnd, WagerMode, WagerStatus};
use platform::UserId;
use protocol::error_code::ErrorCode;
use protocol::events::EventView;
use serde_json::json;
use store::{close_of, color_index, wager_write, CoinWrite, KeyedRequest};
use xiangqi::{Color, EndReason, GameResult};

impl CoinDesk {
    /// The two players of a wager `user` may make: `(user, opponent, user's colour)`
    /// (`platform::eligibility` decides).
    fn wager_parties(
        &self,
        core: &TableCore,
        user: &UserInfo,
    ) -> Result<(UserId, UserId, Color), Refusal> {
        let is_guest = |u: UserId| {
            if u == user.id {
                user.guest
            } else {
                core.is_guest(u)
            }
        };
        let open = self.wager.as_ref().map(|s| &s.wager);
        Ok(eligibility::wager_parties(
            &core.table,
            core.ai.is_some(),
            user.id,
            is_guest,
            open,
        )?)
    }

    fn current_wager(&self) -> Result<&Wager, Refusal> {
        self.wager
            .as_ref()
            .map(|s| &s.wager)
            .ok_or_else(|| Refusal::new(ErrorCode::NoWager, "no wager at this table"))
    }

    /// The player on red for `w` now: the game's, else the seats', else the one recorded.
    pub(super) fn red_for(&self, core: &TableCore, w: &Wager) -> UserId {
        if let Some(g) = core.table.game().filter(|g| g.is_playing()) {
            return g.player(Color::Red);
        }
        match core.table.seat(Color::Red) {
            Some(s) if w.players.contains(&s.user) => s.user,
            _ => self.wager.as_ref().map_or(w.players[0], |s| s.red),
        }
    }

    /// Handles a wager command of `user`. A keyed one (`wager_agree`, `wager_topup`) sent
    /// again with its key is answered as the first time, whatever happened since.
    pub(super) async fn wager_cmd(
        &mut self,
        core: &TableCore,
        user: &UserInfo,
        cmd: CoinCmd,
    ) -> Result<(), Refusal> {
        if user.guest {
            return Err(guest("guests cannot wager"));
        }
        let table = core.id;
        let request = match &cmd {
            CoinCmd::Agree { key, seen } => Some(keyed(
                user.id,
                key,
                "wager_agree",
                &json!({"table": table, "version": seen.version, "stakes": stakes_json(seen.stakes)}),
            )),
            CoinCmd::TopUp { amount: a, key } => Some(keyed(
                user.id,
                key,
                "wager_topup",
                &json!({"table": table, "amount": amount(*a)?}),
            )),
            _ => None,
        };
        if let Some(r) = &request {
            if answered_before(&core.state.db, r).await? {
                return Ok(());
            }
        }
        let (me, opp, color) = self.wager_parties(core, user)?;
        match cmd {
            CoinCmd::Propose { stakes: s, kind } => {
                let s = stakes(s)?;
                self.propose(core, (me, opp, color), s, kind).await
            }
            CoinCmd::Confirm { seen } => {
                let w = self.current_wager()?;
                self.check_seen(core, w, &seen)?;
                let w = w.confirm(me)?;
                self.save_wager(core, w, None, None).await.map(|_| ())
            }
            CoinCmd::Agree { seen, .. } => {
                self.check_seen(core, self.current_wager()?, &seen)?;
                let game = if core.table.is_playing() {
                    let id = core.game_id.ok_or_else(|| {
                        Refusal::new(ErrorCode::WagerState, "the game is not stored")
                    })?;
                    Some(id)
                } else {
                    None
                };
                let bal = balances(&core.state.db, &[me, opp]).await?;
                let get = |u| bal.get(&u).copied().unwrap_or(Coins::ZERO);
                let step = self.current_wager()?.agree(me, game, &get)?;
                self.save_wager(core, step.wager, step.transaction, request)
                    .await
                    .map(|_| ())
            }
            CoinCmd::Cancel => {
                let w = self.current_wager()?.cancel()?;
                self.save_wager(core, w, None, None).await.map(|_| ())
            }
            CoinCmd::TopUp { amount: a, key } => {
                let bal = balances(&core.state.db, &[me]).await?;
                let get = |u| bal.get(&u).copied().unwrap_or(Coins::ZERO);
                let step = self.current_wager()?.top_up(me, Coins(amount(a)?), &get)?;
                let tx = step
                    .transaction
                    .map(|tx| client_keyed(tx, "topup", me, &key))
                    .transpose()?;
                self.save_wager(core, step.wager, tx, request)
                    .await
                    .map(|_| ())
            }
            CoinCmd::Bet { .. } => Err(Refusal::new(ErrorCode::BadMessage, "not a wager command")),
        }
    }

    /// Refuses `stale_wager` when what the player saw (`seen`) is not the wager as it is now.
    fn check_seen(&self, core: &TableCore, w: &Wager, seen: &Seen) -> Result<(), Refusal> {
        let (r, b) = color_index(w, self.red_for(core, w));
        let now = (w.stakes[r].get(), w.stakes[b].get());
        let version_ok = seen.version.is_none_or(|v| v == w.version);
        let stakes_ok = seen
            .stakes
            .is_none_or(|s| (s.red, s.black) == (Some(now.0), Some(now.1)));
        if version_ok && stakes_ok {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::StaleWager,
                format!(
                    "the wager changed: it is now version {}, red {} and black {}",
                    w.version, now.0, now.1
                ),
            ))
        }
    }

    async fn propose(
        &mut self,
        core: &TableCore,
        (me, opp, color): (UserId, UserId, Color),
        (red, black): (i64, i64),
        kind: WagerKind,
    ) -> Result<(), Refusal> {
        let (mine, theirs) = match color {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        let bal = balances(&core.state.db, &[me, opp]).await?;
        let get = |u| bal.get(&u).copied().unwrap_or(Coins::ZERO);
        let next = match &self.wager {
            Some(slot) => {
                let same = matches!(
                    (slot.wager.mode, kind),
                    (WagerMode::Ordinary, WagerKind::Ordinary)
                        | (WagerMode::Coaching { .. }, WagerKind::Coaching)
                );
                if !same {
                    return Err(Refusal::new(
                        ErrorCode::ModeLocked,
                        "the mode of a wager cannot change",
                    ));
                }
                slot.wager.modify(me, Coins(mine), Coins(theirs), &get)?
            }
            None => {
                let mode = match kind {
                    WagerKind::Ordinary => WagerMode::Ordinary,
                    WagerKind::Coaching => {
                        let coach = match (mine, theirs) {
                            (0, t) if t > 0 => me,
                            (m, 0) if m > 0 => opp,
                            _ => {
                                return Err(Refusal::new(
                                    ErrorCode::InvalidAmount,
                                    "in coaching mode the coach stakes 0 and the student pays",
                                ))
                            }
                        };
                        WagerMode::Coaching { coach }
                    }
                };
                let stakes = [Coins(mine), Coins(theirs)];
                let mut w = Wager::propose(0, me, opp, mode, stakes, tax_rate(&core.state), &get)?;
                let red = if color == Color::Red { me } else { opp };
                w.id = core.state.db.new_wager_id(core.id, red, mode).await?;
                w
            }
        };
        self.save_wager(core, next, None, None).await.map(|_| ())
    }

    /// Stores `w` with `ledger` (and the keyed `request` it answers), then keeps it and tells
    /// the table. `Ok(true)`: the transaction had already been applied (a repeated request), so
    /// nothing changed.
    pub(super) async fn save_wager(
        &mut self,
        core: &TableCore,
        w: Wager,
        ledger: Option<Transaction>,
        request: Option<KeyedRequest>,
    ) -> Result<bool, Refusal> {
        let red = self.red_for(core, &w);
        let mut write = wager_write(core.id, &w, red, ledger).fenced(core.fence());
        write.request = request;
        let applied = core.noting_fence(core.state.db.coin_write(&write).await)?;
        let replayed = applied.as_ref().is_some_and(|a| a.replayed);
        if !replayed {
            self.keep_wager(core, w, red);
            if let Some(a) = &applied {
                self.tell_balances(a);
            }
        }
        Ok(replayed)
    }

    /// Keeps `w` (or drops it once over) and publishes the change.
    pub(super) fn keep_wager(&mut self, core: &TableCore, w: Wager, red: UserId) {
        let close = close_of(&w, red);
        let over = matches!(
            w.status,
            WagerStatus::Cancelled | WagerStatus::Closed { .. }
        );
        if let Some(close) = &close {
            self.announce(settled_event(&w, close));
        }
        if over {
            self.wager = None;
        } else {
            self.wager = Some(WagerSlot { wager: w, red });
        }
        let wager = self.wager_view(core);
        self.announce(EventView::Wager { wager });
    }

    /// A game starts: a wager held for the next game is now for this one.
    pub(super) async fn wager_on_game_started(&mut self, core: &TableCore) {
        let Some(slot) = &self.wager else { return };
        let (Some(game_id), Some(game)) = (core.game_id, core.table.game()) else {
            return;
        };
        let players = [game.player(Color::Red), game.player(Color::Black)];
        let w = slot.wager.clone();
        if !matches!(w.status, WagerStatus::Escrowed { game: None }) {
            return;
        }
        let step = if players.iter().all(|p| w.players.contains(p)) {
            w.start_game(game_id).map(|w| (w, None))
        } else {
            w.refund_unplayed().map(|s| (s.wager, s.transaction))
        };
        match step {
            Ok((w, tx)) => {
                if let Err(e) = self.save_wager(core, w, tx, None).await {
                    tracing::error!(table = core.id.0, "binding the wager: {}", e.message);
                }
            }
            Err(e) => tracing::error!(table = core.id.0, "binding the wager: {e}"),
        }
    }

    /// A player stood up or left between games: a wager under negotiation is dropped, stakes
    /// held for the next game are returned.
    pub(super) async fn wager_on_player_gone(&mut self, core: &TableCore, user: UserId) {
        if core.table.is_playing() {
            return;
        }
        let Some(slot) = &self.wager else { return };
        if !wager_users(&slot.wager).contains(&user) {
            return;
        }
        let w = slot.wager.clone();
        let step = match w.status {
            WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. } => {
                w.cancel().map(|w| (w, None))
            }
            WagerStatus::Escrowed { game: None } => {
                w.refund_unplayed().map(|s| (s.wager, s.transaction))
            }
            _ => return,
        };
        match step {
            Ok((w, tx)) => {
                if let Err(e) = self.save_wager(core, w, tx, None).await {
                    tracing::error!(table = core.id.0, "returning the wager: {}", e.message);
                }
            }
            Err(e) => tracing::error!(table = core.id.0, "returning the wager: {e}"),
        }
    }

    /// The wager's settlement at the end of game `game_id` (a negotiation still open lapses):
    /// the write to store with the game's result, and the closed wager.
    pub(super) fn wager_settlement(
        &self,
        core: &TableCore,
        end: &GameEnd,
        game_id: GameId,
    ) -> Option<(CoinWrite, Wager, UserId)> {
        let slot = self.wager.as_ref()?;
        let game = core.table.game()?;
        let (red, black) = (game.player(Color::Red), game.player(Color::Black));
        let w = &slot.wager;
        let step = match w.status {
            WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. } => {
                w.cancel().map(|w| (w, None))
            }
            WagerStatus::Escrowed { game: g } if g.is_none_or(|g| g == game_id) => {
                let (result, reason) = match end.outcome() {
                    Some(o) => (o.result, o.reason),
                    None => (GameResult::Unfinished, EndReason::Adjudication),
                };
                let end = WagerGameEnd {
                    game: game_id,
                    red,
                    black,
                    result,
                    reason,
                };
                w.settle(&end).map(|s| (s.wager, s.transaction))
            }
            _ => return None,
        };
        match step {
            Ok((w, tx)) => Some((
                wager_write(core.id, &w, red, tx).fenced(core.fence()),
                w,
                red,
            )),
            Err(e) => {
                tracing::error!(table = core.id.0, wager = w.id, "settling the wager: {e}");
                None
            }
        }
    }
}
