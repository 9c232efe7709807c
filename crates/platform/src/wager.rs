//! Player wagers (竞猜) between the two players of a table (PLATFORM.md §5).
//!
//! A wager goes through negotiation (either player proposes both stakes, the other may change
//! them, both press confirm 确定 on the same amounts, then both press agree 同意), escrow (the
//! stakes move into the wager's escrow account), optional top-ups (追加), and ends in exactly one
//! settlement or refund. Every operation takes `&self` and returns a [`WagerStep`]: the new wager
//! and the ledger transaction that goes with it, if any. The caller applies the transaction to
//! the ledger and keeps the new wager only if that succeeds, so a rejected transaction (say, the
//! balance changed meanwhile) leaves the wager as it was. Transaction keys are derived from the
//! wager (`wager:7:escrow`, `wager:7:topup:2`, `wager:7:close`), so a retried step applies once.
//!
//! Decisions where the spec is silent: the winner's gain (the loser's stake, or a coach's fee) is
//! taxed at the wager's rate, rounded down, the rest going to the house; own stakes come back
//! untaxed. An aborted game (`Unfinished`) refunds like a game never played.

use crate::ledger::{
    AccountId, Balances, Coins, EscrowId, GameId, IdempotencyKey, LedgerError, TaxRate,
    Transaction, Transfer, TxKind, UserId, MAX_COINS,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use xiangqi::{EndReason, GameResult};

/// Ordinary wager or paid coaching (有偿指导). Fixed once proposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WagerMode {
    /// The winner takes both stakes; a draw refunds both.
    Ordinary,
    /// The student's stake is a fee paid to `coach` whatever the result; the coach stakes 0.
    /// If the coach leaves (逃跑), the fee is refunded.
    Coaching {
        /// The coaching player.
        coach: UserId,
    },
}

/// Why stakes were returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefundReason {
    /// An ordinary wager's game was drawn.
    Draw,
    /// The game was aborted (result unfinished).
    Aborted,
    /// The game the wager was made for was never played.
    NeverPlayed,
    /// The coach left the game.
    CoachLeft,
}

/// What one player put in and got back. `net = returned − stake`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WagerStatement {
    /// The player.
    pub player: UserId,
    /// Their stake, top-ups included.
    pub stake: Coins,
    /// What they received at the end.
    pub returned: Coins,
    /// `returned − stake`.
    pub net: Coins,
    /// The tax rate that applied.
    pub tax_rate: TaxRate,
}

/// How a wager ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WagerEnd {
    /// Paid out: the winner (or the coach) received the gain, less `tax` to the house.
    Paid {
        /// Who received the gain.
        to: UserId,
        /// The house's share.
        tax: Coins,
    },
    /// All stakes returned.
    Refunded(RefundReason),
}

/// Where a wager stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WagerStatus {
    /// Amounts on the table; `confirmed[i]` says whether `players[i]` pressed confirm on them.
    Negotiating {
        /// Confirmations, by player index.
        confirmed: [bool; 2],
    },
    /// Both confirmed the same amounts; waiting for both to press agree.
    Confirmed {
        /// Agreements, by player index.
        agreed: [bool; 2],
    },
    /// Stakes held in escrow, for `game` (`None`: the next game to start).
    Escrowed {
        /// The game the wager applies to.
        game: Option<GameId>,
    },
    /// Abandoned before escrow; no coins moved.
    Cancelled,
    /// Over.
    Closed {
        /// The game it was for, if one was bound.
        game: Option<GameId>,
        /// How it ended.
        end: WagerEnd,
        /// Both players' statements, by player index.
        statements: [WagerStatement; 2],
    },
}

/// How a game ended, as a wager needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WagerGameEnd {
    /// The game.
    pub game: GameId,
    /// Who played red.
    pub red: UserId,
    /// Who played black.
    pub black: UserId,
    /// The result (`Unfinished` for an aborted game).
    pub result: GameResult,
    /// Why it ended (`Abandoned`: the loser left).
    pub reason: EndReason,
}

/// Why a wager operation was refused. A refused operation changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WagerError {
    /// The user is not one of the wager's two players.
    #[error("user {0} is not a player of this wager")]
    NotAPlayer(UserId),
    /// A wager needs two different players.
    #[error("a player cannot wager against themself")]
    SamePlayer,
    /// Stakes are zero or more.
    #[error("stake {0} is negative")]
    NegativeStake(Coins),
    /// An ordinary wager needs a positive stake from at least one player.
    #[error("nothing is staked")]
    NothingStaked,
    /// In coaching mode the coach stakes 0.
    #[error("the coach's stake must be 0")]
    CoachMustStakeZero,
    /// In coaching mode the student pays a positive fee.
    #[error("the student's fee must be positive")]
    StudentMustPay,
    /// A stake above the player's balance.
    #[error("stake {stake} of user {player} is above their balance {balance}")]
    StakeAboveBalance {
        /// The player.
        player: UserId,
        /// The stake asked.
        stake: Coins,
        /// Their balance.
        balance: Coins,
    },
    /// The operation does not fit the wager's state.
    #[error("cannot {action} a wager that is {state}")]
    WrongState {
        /// What was attempted.
        action: &'static str,
        /// The wager's state.
        state: &'static str,
    },
    /// Only the student adds to a coaching fee.
    #[error("the coach cannot add to a coaching wager")]
    CoachCannotTopUp,
    /// Top-ups are positive.
    #[error("top-up must be positive, got {0}")]
    NonPositiveTopUp(Coins),
    /// The wager is bound to another game.
    #[error("wager is for game {expected:?}, not {got}")]
    WrongGame {
        /// The game the wager is for.
        expected: Option<GameId>,
        /// The game given.
        got: GameId,
    },
    /// The game's players are not the wager's players.
    #[error("the game's players are not the wager's players")]
    PlayersMismatch,
    /// Stakes would overflow.
    #[error("stake overflow")]
    Overflow,
    /// A stake or top-up, or a stake with its top-ups, above [`MAX_COINS`].
    #[error("{0} is above the maximum of {max} coins", max = MAX_COINS)]
    AboveMaximum(Coins),
    /// Building the transaction failed.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
}

/// A wager between the two players of a table. Storable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wager {
    /// The wager's number; names its escrow account and its transaction keys.
    pub id: u64,
    /// The two players; `stakes` and the status arrays use the same order.
    pub players: [UserId; 2],
    /// Ordinary or coaching; fixed.
    pub mode: WagerMode,
    /// Each player's stake (top-ups included once escrowed).
    pub stakes: [Coins; 2],
    /// The tax rate on the winner's gain.
    pub tax_rate: TaxRate,
    /// Where it stands.
    pub status: WagerStatus,
    /// Top-ups made so far (numbers their transaction keys).
    pub top_ups: u32,
    /// The version of the stakes: 1 when proposed, one more at every change of the amounts
    /// (a new proposal or a top-up). A confirmation or agreement given for another version was
    /// given for amounts that are no longer shown. 0 in wagers stored before it existed.
    #[serde(default)]
    pub version: u32,
}

/// The outcome of a wager operation: the new wager and the transaction to apply with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WagerStep {
    /// The wager after the operation; keep it only once `transaction` is applied.
    pub wager: Wager,
    /// The coins to move, if any.
    pub transaction: Option<Transaction>,
}

impl Wager {
    /// `proposer` proposes a wager against `opponent`: `stakes` is `[proposer's, opponent's]`.
    /// The proposer counts as having confirmed these amounts.
    ///
    /// # Errors
    /// [`WagerError::SamePlayer`], a coach who is neither player ([`WagerError::NotAPlayer`]),
    /// or any stake error of [`Wager::modify`].
    pub fn propose(
        id: u64,
        proposer: UserId,
        opponent: UserId,
        mode: WagerMode,
        stakes: [Coins; 2],
        tax_rate: TaxRate,
        balances: &impl Balances,
    ) -> Result<Wager, WagerError> {
        if proposer == opponent {
            return Err(WagerError::SamePlayer);
        }
        if let WagerMode::Coaching { coach } = mode {
            if coach != proposer && coach != opponent {
                return Err(WagerError::NotAPlayer(coach));
            }
        }
        let wager = Wager {
            id,
            players: [proposer, opponent],
            mode,
            stakes,
            tax_rate,
            status: WagerStatus::Negotiating {
                confirmed: [true, false],
            },
            top_ups: 0,
            version: 1,
        };
        wager.validate_stakes(stakes, balances)?;
        Ok(wager)
    }

    /// `by` changes the amounts: `mine` for themself, `theirs` for the other player. Clears the
    /// other's confirmation (and any agreement); `by` counts as confirmed.
    ///
    /// # Errors
    /// [`WagerError::NotAPlayer`]; [`WagerError::WrongState`] once escrowed or over; negative
    /// stakes, nothing staked, the coaching rules, or a stake above its player's balance.
    pub fn modify(
        &self,
        by: UserId,
        mine: Coins,
        theirs: Coins,
        balances: &impl Balances,
    ) -> Result<Wager, WagerError> {
        let i = self.index_of(by)?;
        self.expect_negotiable("modify")?;
        let mut stakes = [Coins::ZERO; 2];
        stakes[i] = mine;
        stakes[1 - i] = theirs;
        self.validate_stakes(stakes, balances)?;
        let mut confirmed = [false; 2];
        confirmed[i] = true;
        Ok(Wager {
            stakes,
            status: WagerStatus::Negotiating { confirmed },
            version: self.version.saturating_add(1),
            ..self.clone()
        })
    }

    /// `by` presses confirm (确定) on the amounts shown. When both have, the wager moves on to
    /// agreement.
    ///
    /// # Errors
    /// [`WagerError::NotAPlayer`], or [`WagerError::WrongState`] outside negotiation.
    pub fn confirm(&self, by: UserId) -> Result<Wager, WagerError> {
        let i = self.index_of(by)?;
        let WagerStatus::Negotiating { mut confirmed } = self.status else {
            return Err(self.wrong_state("confirm"));
        };
        confirmed[i] = true;
        let status = if confirmed == [true, true] {
            WagerStatus::Confirmed { agreed: [false; 2] }
        } else {
            WagerStatus::Negotiating { confirmed }
        };
        Ok(Wager {
            status,
            ..self.clone()
        })
    }

    /// `by` presses disagree (不同意): back to negotiation, nobody confirmed.
    ///
    /// # Errors
    /// [`WagerError::NotAPlayer`], or [`WagerError::WrongState`] unless both had confirmed.
    pub fn disagree(&self, by: UserId) -> Result<Wager, WagerError> {
        self.index_of(by)?;
        let WagerStatus::Confirmed { .. } = self.status else {
            return Err(self.wrong_state("disagree with"));
        };
        Ok(Wager {
            status: WagerStatus::Negotiating {
                confirmed: [false; 2],
            },
            ..self.clone()
        })
    }

    /// `by` presses agree (同意). When both have, the stakes go into escrow: for `current_game`
    /// if a game is in progress at the table, else for the next game to start.
    ///
    /// # Errors
    /// [`WagerError::NotAPlayer`], [`WagerError::WrongState`] unless confirmed, or a stake now
    /// above its player's balance.
    pub fn agree(
        &self,
        by: UserId,
        current_game: Option<GameId>,
        balances: &impl Balances,
    ) -> Result<WagerStep, WagerError> {
        let i = self.index_of(by)?;
        let WagerStatus::Confirmed { mut agreed } = self.status else {
            return Err(self.wrong_state("agree to"));
        };
        agreed[i] = true;
        if agreed != [true, true] {
            return Ok(WagerStep {
                wager: Wager {
                    status: WagerStatus::Confirmed { agreed },
                    ..self.clone()
                },
                transaction: None,
            });
        }
        self.validate_stakes(self.stakes, balances)?;
        let transfers: Vec<Transfer> = (0..2)
            .filter(|&p| self.stakes[p].is_positive())
            .map(|p| Transfer {
                from: AccountId::User(self.players[p]),
                to: self.escrow(),
                amount: self.stakes[p],
            })
            .collect();
        let tx = Transaction::from_transfers(
            self.key("escrow")?,
            TxKind::WagerEscrow,
            format!("wager {} stakes", self.id),
            &transfers,
        )?;
        Ok(WagerStep {
            wager: Wager {
                status: WagerStatus::Escrowed { game: current_game },
                ..self.clone()
            },
            transaction: Some(tx),
        })
    }

    /// Abandons a wager still under negotiation; nothing was held, so nothing moves.
    ///
    /// # Errors
    /// [`WagerError::WrongState`] once escrowed (use [`Wager::refund_unplayed`]) or over.
    pub fn cancel(&self) -> Result<Wager, WagerError> {
        self.expect_negotiable("cancel")?;
        Ok(Wager {
            status: WagerStatus::Cancelled,
            ..self.clone()
        })
    }

    /// `by` adds `amount` to their stake (追加) while the stakes are held.
    ///
    /// # Errors
    /// [`WagerError::NotAPlayer`], [`WagerError::WrongState`] unless escrowed,
    /// [`WagerError::CoachCannotTopUp`], [`WagerError::NonPositiveTopUp`], or an amount above
    /// the balance.
    pub fn top_up(
        &self,
        by: UserId,
        amount: Coins,
        balances: &impl Balances,
    ) -> Result<WagerStep, WagerError> {
        let i = self.index_of(by)?;
        let WagerStatus::Escrowed { .. } = self.status else {
            return Err(self.wrong_state("add to"));
        };
        if matches!(self.mode, WagerMode::Coaching { coach } if coach == by) {
            return Err(WagerError::CoachCannotTopUp);
        }
        if !amount.is_positive() {
            return Err(WagerError::NonPositiveTopUp(amount));
        }
        if !amount.within_max() {
            return Err(WagerError::AboveMaximum(amount));
        }
        let balance = balances.balance_of(by);
        if amount > balance {
            return Err(WagerError::StakeAboveBalance {
                player: by,
                stake: amount,
                balance,
            });
        }
        let mut stakes = self.stakes;
        stakes[i] = stakes[i].checked_add(amount).ok_or(WagerError::Overflow)?;
        if !stakes[i].within_max() {
            return Err(WagerError::AboveMaximum(stakes[i]));
        }
        let n = self.top_ups + 1;
        let tx = Transaction::from_transfers(
            self.key(&format!("topup:{n}"))?,
            TxKind::WagerTopUp,
            format!("wager {} top-up", self.id),
            &[Transfer {
                from: AccountId::User(by),
                to: self.escrow(),
                amount,
            }],
        )?;
        Ok(WagerStep {
            wager: Wager {
                stakes,
                top_ups: n,
                version: self.version.saturating_add(1),
                ..self.clone()
            },
            transaction: Some(tx),
        })
    }

    /// Binds a wager made between games to the game that now starts. Binding again to the same
    /// game changes nothing.
    ///
    /// # Errors
    /// [`WagerError::WrongState`] unless escrowed, [`WagerError::WrongGame`] if bound to another.
    pub fn start_game(&self, game: GameId) -> Result<Wager, WagerError> {
        match self.status {
            WagerStatus::Escrowed { game: None } => Ok(Wager {
                status: WagerStatus::Escrowed { game: Some(game) },
                ..self.clone()
            }),
            WagerStatus::Escrowed { game: Some(g) } if g == game => Ok(self.clone()),
            WagerStatus::Escrowed { game: Some(g) } => Err(WagerError::WrongGame {
                expected: Some(g),
                got: game,
            }),
            _ => Err(self.wrong_state("start a game for")),
        }
    }

    /// Returns the stakes of a wager whose game was never played (the table closed, a player
    /// left between games).
    ///
    /// # Errors
    /// [`WagerError::WrongState`] unless escrowed and not yet bound to a game.
    pub fn refund_unplayed(&self) -> Result<WagerStep, WagerError> {
        match self.status {
            WagerStatus::Escrowed { game: None } => self.refund(None, RefundReason::NeverPlayed),
            _ => Err(self.wrong_state("refund as unplayed")),
        }
    }

    /// Settles the wager after its game: the winner takes both stakes (gain taxed), a draw or an
    /// aborted game refunds, a coaching fee goes to the coach unless the coach left. The wager
    /// then lapses. A wager made between games is bound to `end.game` first.
    ///
    /// # Errors
    /// [`WagerError::WrongState`] unless escrowed, [`WagerError::WrongGame`],
    /// [`WagerError::PlayersMismatch`].
    pub fn settle(&self, end: &WagerGameEnd) -> Result<WagerStep, WagerError> {
        let bound = self.start_game(end.game)?;
        let [a, b] = self.players;
        if !((end.red == a && end.black == b) || (end.red == b && end.black == a)) {
            return Err(WagerError::PlayersMismatch);
        }
        let game = Some(end.game);
        let winner = end.result.winner().map(|c| match c {
            xiangqi::Color::Red => end.red,
            xiangqi::Color::Black => end.black,
        });
        if end.result == GameResult::Unfinished {
            return bound.refund(game, RefundReason::Aborted);
        }
        match self.mode {
            WagerMode::Coaching { coach } => {
                let coach_left =
                    end.reason == EndReason::Abandoned && winner.is_some() && winner != Some(coach);
                if coach_left {
                    bound.refund(game, RefundReason::CoachLeft)
                } else {
                    bound.pay(game, coach)
                }
            }
            WagerMode::Ordinary => match winner {
                Some(w) => bound.pay(game, w),
                None => bound.refund(game, RefundReason::Draw),
            },
        }
    }

    /// A player's statement once the wager is over.
    #[must_use]
    pub fn statement(&self, player: UserId) -> Option<WagerStatement> {
        let i = self.players.iter().position(|&p| p == player)?;
        match &self.status {
            WagerStatus::Closed { statements, .. } => statements.get(i).copied(),
            _ => None,
        }
    }

    /// Total coins held in escrow while escrowed (both stakes).
    #[must_use]
    pub fn pot(&self) -> Coins {
        self.stakes[0]
            .checked_add(self.stakes[1])
            .unwrap_or(Coins(i64::MAX))
    }

    /// The wager's escrow account.
    #[must_use]
    pub const fn escrow(&self) -> AccountId {
        AccountId::Escrow(EscrowId::Wager(self.id))
    }

    /// Pays the pot out: `to` gets their own stake back plus the other stake less tax.
    fn pay(&self, game: Option<GameId>, to: UserId) -> Result<WagerStep, WagerError> {
        let i = self.index_of(to)?;
        let other = self.stakes[1 - i];
        let gain = self.tax_rate.net_of_tax(other);
        let tax = other.checked_sub(gain).ok_or(WagerError::Overflow)?;
        let mut returned = [Coins::ZERO; 2];
        returned[i] = self.stakes[i]
            .checked_add(gain)
            .ok_or(WagerError::Overflow)?;
        let mut transfers = vec![];
        if returned[i].is_positive() {
            transfers.push(Transfer {
                from: self.escrow(),
                to: AccountId::User(to),
                amount: returned[i],
            });
        }
        if tax.is_positive() {
            transfers.push(Transfer {
                from: self.escrow(),
                to: AccountId::House,
                amount: tax,
            });
        }
        let tx = Transaction::from_transfers(
            self.key("close")?,
            TxKind::WagerSettlement,
            format!("wager {} paid to user {to}", self.id),
            &transfers,
        )?;
        Ok(self.closed(game, WagerEnd::Paid { to, tax }, returned, tx))
    }

    fn refund(&self, game: Option<GameId>, why: RefundReason) -> Result<WagerStep, WagerError> {
        let transfers: Vec<Transfer> = (0..2)
            .filter(|&p| self.stakes[p].is_positive())
            .map(|p| Transfer {
                from: self.escrow(),
                to: AccountId::User(self.players[p]),
                amount: self.stakes[p],
            })
            .collect();
        let tx = Transaction::from_transfers(
            self.key("close")?,
            TxKind::WagerRefund,
            format!("wager {} refunded", self.id),
            &transfers,
        )?;
        Ok(self.closed(game, WagerEnd::Refunded(why), self.stakes, tx))
    }

    fn closed(
        &self,
        game: Option<GameId>,
        end: WagerEnd,
        returned: [Coins; 2],
        tx: Transaction,
    ) -> WagerStep {
        let statement = |p: usize| WagerStatement {
            player: self.players[p],
            stake: self.stakes[p],
            returned: returned[p],
            net: Coins(returned[p].get() - self.stakes[p].get()),
            tax_rate: self.tax_rate,
        };
        WagerStep {
            wager: Wager {
                status: WagerStatus::Closed {
                    game,
                    end,
                    statements: [statement(0), statement(1)],
                },
                ..self.clone()
            },
            transaction: Some(tx),
        }
    }

    fn validate_stakes(
        &self,
        stakes: [Coins; 2],
        balances: &impl Balances,
    ) -> Result<(), WagerError> {
        if let Some(&s) = stakes.iter().find(|s| s.is_negative()) {
            return Err(WagerError::NegativeStake(s));
        }
        if let Some(&s) = stakes.iter().find(|s| !s.within_max()) {
            return Err(WagerError::AboveMaximum(s));
        }
        match self.mode {
            WagerMode::Ordinary if stakes.iter().all(|s| s.is_zero()) => {
                return Err(WagerError::NothingStaked)
            }
            WagerMode::Coaching { coach } => {
                let c = self.index_of(coach)?;
                if !stakes[c].is_zero() {
                    return Err(WagerError::CoachMustStakeZero);
                }
                if !stakes[1 - c].is_positive() {
                    return Err(WagerError::StudentMustPay);
                }
            }
            WagerMode::Ordinary => {}
        }
        for (p, &stake) in stakes.iter().enumerate() {
            let balance = balances.balance_of(self.players[p]);
            if stake > balance {
                return Err(WagerError::StakeAboveBalance {
                    player: self.players[p],
                    stake,
                    balance,
                });
            }
        }
        Ok(())
    }

    fn index_of(&self, user: UserId) -> Result<usize, WagerError> {
        self.players
            .iter()
            .position(|&p| p == user)
            .ok_or(WagerError::NotAPlayer(user))
    }

    fn expect_negotiable(&self, action: &'static str) -> Result<(), WagerError> {
        match self.status {
            WagerStatus::Negotiating { .. } | WagerStatus::Confirmed { .. } => Ok(()),
            _ => Err(self.wrong_state(action)),
        }
    }

    fn wrong_state(&self, action: &'static str) -> WagerError {
        let state = match self.status {
            WagerStatus::Negotiating { .. } => "under negotiation",
            WagerStatus::Confirmed { .. } => "confirmed",
            WagerStatus::Escrowed { .. } => "escrowed",
            WagerStatus::Cancelled => "cancelled",
            WagerStatus::Closed { .. } => "closed",
        };
        WagerError::WrongState { action, state }
    }

    fn key(&self, what: &str) -> Result<IdempotencyKey, LedgerError> {
        IdempotencyKey::new(format!("wager:{}:{what}", self.id))
    }
}
