//! Spectator betting (旁观者竞猜): one parimutuel pool per game (PLATFORM.md §5).
//!
//! Spectators bet on red wins, black wins or a draw, up to their balance, and may add to their
//! bet; the game's players may not bet. Betting closes at a set ply. After the game, with
//! T = all bets, Tw = bets on the result, s = a winner's stake and tax rate t:
//! payout = ((T/Tw)·s − s)·(1 − t) + s, rounded down; losers lose their stakes. The pool is
//! refunded in full when only one spectator bet, when nobody picked the result, or when the game
//! was aborted. The house receives the tax plus the rounding remainder, both recorded, so the
//! escrow always empties exactly: coins in = coins out + tax + remainder.
//!
//! Like [`crate::wager`], operations return the new pool with the transaction to apply.

use crate::ledger::{
    AccountId, Balances, Coins, EscrowId, GameId, IdempotencyKey, LedgerError, TaxRate,
    Transaction, Transfer, TxKind, UserId, MAX_COINS,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use xiangqi::GameResult;

/// What a spectator bets on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// A draw.
    Draw,
}

impl Pick {
    /// All picks.
    pub const ALL: [Pick; 3] = [Pick::RedWins, Pick::BlackWins, Pick::Draw];

    /// The pick that a finished result makes right (`None` for `Unfinished`).
    #[must_use]
    pub const fn from_result(result: GameResult) -> Option<Pick> {
        match result {
            GameResult::RedWins => Some(Pick::RedWins),
            GameResult::BlackWins => Some(Pick::BlackWins),
            GameResult::Draw => Some(Pick::Draw),
            GameResult::Unfinished => None,
        }
    }
}

/// A pool's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolConfig {
    /// The house's share of the winnings.
    pub tax_rate: TaxRate,
    /// Bets are accepted while fewer than this many plies have been played.
    pub close_at_ply: u32,
}

impl Default for PoolConfig {
    /// 5 % tax; betting closes after move 10 (20 plies).
    fn default() -> PoolConfig {
        PoolConfig {
            tax_rate: TaxRate::new(500).unwrap_or(TaxRate::ZERO),
            close_at_ply: 20,
        }
    }
}

/// One spectator's bet (additions included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bet {
    /// The spectator.
    pub bettor: UserId,
    /// Their pick.
    pub pick: Pick,
    /// Their total stake.
    pub amount: Coins,
}

/// Why a pool was refunded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolRefundReason {
    /// Only one spectator bet.
    SingleBettor,
    /// Nobody picked the result.
    NobodyRight,
    /// The game was aborted.
    Aborted,
}

/// A bettor's final statement. `net = returned − stake`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetStatement {
    /// The bet.
    pub bet: Bet,
    /// What came back.
    pub returned: Coins,
    /// `returned − stake`.
    pub net: Coins,
    /// The tax rate that applied.
    pub tax_rate: TaxRate,
}

/// Where a pool stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolStatus {
    /// Accepting bets.
    Open,
    /// No more bets; waiting for the result.
    Closed,
    /// Paid out.
    Settled {
        /// The winning pick.
        result: Pick,
        /// The house's tax: ⌊(T − Tw)·t⌋.
        tax: Coins,
        /// What rounding each payout down left over, also to the house.
        remainder: Coins,
        /// Every bettor's statement, in betting order.
        statements: Vec<BetStatement>,
    },
    /// All bets returned.
    Refunded(PoolRefundReason),
}

/// Per-pick totals shown to spectators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickTotal {
    /// Coins on the pick.
    pub amount: Coins,
    /// Spectators on the pick.
    pub bettors: u32,
}

/// Why a pool operation was refused. A refused operation changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PoolError {
    /// Players cannot bet on their own game.
    #[error("user {0} plays in this game and cannot bet on it")]
    PlayerCannotBet(UserId),
    /// Bets are positive.
    #[error("bet must be positive, got {0}")]
    NonPositiveBet(Coins),
    /// A bet above the bettor's balance.
    #[error("bet {amount} is above the balance {balance}")]
    AboveBalance {
        /// The bet.
        amount: Coins,
        /// The bettor's balance.
        balance: Coins,
    },
    /// An addition must keep the pick of the first bet.
    #[error("already bet on {0:?}; additions must keep the same pick")]
    PickLocked(Pick),
    /// Betting has closed.
    #[error("betting is closed")]
    Closed,
    /// The pool was already settled or refunded.
    #[error("the pool is already finished")]
    Finished,
    /// Amounts would overflow.
    #[error("amount overflow")]
    Overflow,
    /// A bet, or a bettor's total, above [`MAX_COINS`].
    #[error("{0} is above the maximum of {max} coins", max = MAX_COINS)]
    AboveMaximum(Coins),
    /// Building the transaction failed.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
}

/// The betting pool of one game. Storable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// The pool's number; names its escrow account and transaction keys.
    pub id: u64,
    /// The game bet on.
    pub game: GameId,
    /// The game's two players, who may not bet.
    pub players: [UserId; 2],
    /// Settings.
    pub config: PoolConfig,
    /// One entry per bettor, in order of first bet.
    pub bets: Vec<Bet>,
    /// Bet placements so far (numbers their transaction keys).
    pub placements: u32,
    /// Where it stands.
    pub status: PoolStatus,
}

/// The outcome of a pool operation: the new pool and the transaction to apply with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolStep {
    /// The pool after the operation; keep it only once `transaction` is applied.
    pub pool: Pool,
    /// The coins to move, if any.
    pub transaction: Option<Transaction>,
}

impl Pool {
    /// An open pool for `game` between `players`.
    #[must_use]
    pub fn new(id: u64, game: GameId, players: [UserId; 2], config: PoolConfig) -> Pool {
        Pool {
            id,
            game,
            players,
            config,
            bets: Vec::new(),
            placements: 0,
            status: PoolStatus::Open,
        }
    }

    /// `bettor` bets `amount` on `pick` (or adds to their bet) while `plies` have been played.
    ///
    /// # Errors
    /// [`PoolError::PlayerCannotBet`], [`PoolError::NonPositiveBet`], [`PoolError::AboveBalance`],
    /// [`PoolError::PickLocked`], [`PoolError::Closed`] (also from the closing ply on),
    /// [`PoolError::Finished`].
    pub fn place(
        &self,
        bettor: UserId,
        pick: Pick,
        amount: Coins,
        plies: u32,
        balances: &impl Balances,
    ) -> Result<PoolStep, PoolError> {
        match self.status {
            PoolStatus::Open if plies < self.config.close_at_ply => {}
            PoolStatus::Open | PoolStatus::Closed => return Err(PoolError::Closed),
            _ => return Err(PoolError::Finished),
        }
        if self.players.contains(&bettor) {
            return Err(PoolError::PlayerCannotBet(bettor));
        }
        if !amount.is_positive() {
            return Err(PoolError::NonPositiveBet(amount));
        }
        if !amount.within_max() {
            return Err(PoolError::AboveMaximum(amount));
        }
        let balance = balances.balance_of(bettor);
        if amount > balance {
            return Err(PoolError::AboveBalance { amount, balance });
        }
        let mut pool = self.clone();
        match pool.bets.iter_mut().find(|b| b.bettor == bettor) {
            Some(b) if b.pick != pick => return Err(PoolError::PickLocked(b.pick)),
            Some(b) => {
                b.amount = b.amount.checked_add(amount).ok_or(PoolError::Overflow)?;
                if !b.amount.within_max() {
                    return Err(PoolError::AboveMaximum(b.amount));
                }
            }
            None => pool.bets.push(Bet {
                bettor,
                pick,
                amount,
            }),
        }
        pool.total().ok_or(PoolError::Overflow)?;
        pool.placements += 1;
        let tx = Transaction::from_transfers(
            self.key(&format!("bet:{}", pool.placements))?,
            TxKind::Bet,
            format!("bet on game {} ({pick:?})", self.game),
            &[Transfer {
                from: AccountId::User(bettor),
                to: self.escrow(),
                amount,
            }],
        )?;
        Ok(PoolStep {
            pool,
            transaction: Some(tx),
        })
    }

    /// Closes betting (the closing point was reached or the game ended).
    ///
    /// # Errors
    /// [`PoolError::Finished`] once settled or refunded.
    pub fn close(&self) -> Result<Pool, PoolError> {
        match self.status {
            PoolStatus::Open | PoolStatus::Closed => Ok(Pool {
                status: PoolStatus::Closed,
                ..self.clone()
            }),
            _ => Err(PoolError::Finished),
        }
    }

    /// Settles the pool on the game's `result` (`Unfinished`: aborted, everything refunded).
    ///
    /// # Errors
    /// [`PoolError::Finished`] once settled or refunded.
    pub fn settle(&self, result: GameResult) -> Result<PoolStep, PoolError> {
        if !matches!(self.status, PoolStatus::Open | PoolStatus::Closed) {
            return Err(PoolError::Finished);
        }
        let Some(right) = Pick::from_result(result) else {
            return self.refund(PoolRefundReason::Aborted);
        };
        if self.bets.len() <= 1 {
            return self.refund(PoolRefundReason::SingleBettor);
        }
        let total = self.total().ok_or(PoolError::Overflow)?;
        let on_right = self.pick_total(right).amount;
        if on_right.is_zero() {
            return self.refund(PoolRefundReason::NobodyRight);
        }
        let (t, tw) = (i128::from(total.get()), i128::from(on_right.get()));
        let scale = i128::from(TaxRate::SCALE);
        let keep = scale - i128::from(self.config.tax_rate.basis_points());
        let mut statements = Vec::with_capacity(self.bets.len());
        let mut transfers = Vec::new();
        let mut paid: i128 = 0;
        for bet in &self.bets {
            let returned = if bet.pick == right {
                let s = i128::from(bet.amount.get());
                coins(s + profit(t - tw, s, tw, keep, scale))?
            } else {
                Coins::ZERO
            };
            paid += i128::from(returned.get());
            if returned.is_positive() {
                transfers.push(Transfer {
                    from: self.escrow(),
                    to: AccountId::User(bet.bettor),
                    amount: returned,
                });
            }
            statements.push(BetStatement {
                bet: *bet,
                returned,
                net: Coins(returned.get() - bet.amount.get()),
                tax_rate: self.config.tax_rate,
            });
        }
        let to_house = t - paid;
        let tax = coins((t - tw) * i128::from(self.config.tax_rate.basis_points()) / scale)?;
        let remainder = coins(to_house - i128::from(tax.get()))?;
        if to_house > 0 {
            transfers.push(Transfer {
                from: self.escrow(),
                to: AccountId::House,
                amount: coins(to_house)?,
            });
        }
        let tx = Transaction::from_transfers(
            self.key("close")?,
            TxKind::PoolSettlement,
            format!("betting pool of game {} paid ({right:?})", self.game),
            &transfers,
        )?;
        Ok(PoolStep {
            pool: Pool {
                status: PoolStatus::Settled {
                    result: right,
                    tax,
                    remainder,
                    statements,
                },
                ..self.clone()
            },
            transaction: Some(tx),
        })
    }

    /// Refunds every bet (the game was aborted or never played).
    ///
    /// # Errors
    /// [`PoolError::Finished`] once settled or refunded.
    pub fn abort(&self) -> Result<PoolStep, PoolError> {
        if !matches!(self.status, PoolStatus::Open | PoolStatus::Closed) {
            return Err(PoolError::Finished);
        }
        self.refund(PoolRefundReason::Aborted)
    }

    /// All coins bet (`None` on overflow, which placing prevents).
    #[must_use]
    pub fn total(&self) -> Option<Coins> {
        self.bets
            .iter()
            .try_fold(Coins::ZERO, |acc, b| acc.checked_add(b.amount))
    }

    /// Coins and bettors on `pick`, as shown to spectators.
    #[must_use]
    pub fn pick_total(&self, pick: Pick) -> PickTotal {
        self.bets
            .iter()
            .filter(|b| b.pick == pick)
            .fold(PickTotal::default(), |acc, b| PickTotal {
                amount: Coins(acc.amount.get().saturating_add(b.amount.get())),
                bettors: acc.bettors + 1,
            })
    }

    /// `bettor`'s bet, if any.
    #[must_use]
    pub fn bet_of(&self, bettor: UserId) -> Option<Bet> {
        self.bets.iter().find(|b| b.bettor == bettor).copied()
    }

    /// `bettor`'s final statement once the pool is settled or refunded.
    #[must_use]
    pub fn statement(&self, bettor: UserId) -> Option<BetStatement> {
        match &self.status {
            PoolStatus::Settled { statements, .. } => {
                statements.iter().find(|s| s.bet.bettor == bettor).copied()
            }
            PoolStatus::Refunded(_) => self.bet_of(bettor).map(|bet| BetStatement {
                bet,
                returned: bet.amount,
                net: Coins::ZERO,
                tax_rate: self.config.tax_rate,
            }),
            _ => None,
        }
    }

    /// The pool's escrow account.
    #[must_use]
    pub const fn escrow(&self) -> AccountId {
        AccountId::Escrow(EscrowId::Pool(self.id))
    }

    fn refund(&self, why: PoolRefundReason) -> Result<PoolStep, PoolError> {
        let transfers: Vec<Transfer> = self
            .bets
            .iter()
            .map(|b| Transfer {
                from: self.escrow(),
                to: AccountId::User(b.bettor),
                amount: b.amount,
            })
            .collect();
        let transaction = if transfers.is_empty() {
            None
        } else {
            Some(Transaction::from_transfers(
                self.key("close")?,
                TxKind::PoolRefund,
                format!("betting pool of game {} refunded", self.game),
                &transfers,
            )?)
        };
        Ok(PoolStep {
            pool: Pool {
                status: PoolStatus::Refunded(why),
                ..self.clone()
            },
            transaction,
        })
    }

    fn key(&self, what: &str) -> Result<IdempotencyKey, LedgerError> {
        IdempotencyKey::new(format!("pool:{}:{what}", self.id))
    }
}

/// A winner's profit ⌊lost·s·keep / (tw·scale)⌋, exact for every `i64` amount: with
/// 0 ≤ lost, s ≤ tw < 2^63 the product lost·s fits in an `i128`, and the division is done as
/// ⌊⌊lost·s·keep / tw⌋ / scale⌋ (equal for positive integers), where
/// lost·s = q·tw + r gives ⌊lost·s·keep / tw⌋ = q·keep + ⌊r·keep / tw⌋ with every term in range.
fn profit(lost: i128, s: i128, tw: i128, keep: i128, scale: i128) -> i128 {
    let m = lost * s;
    let (q, r) = (m / tw, m % tw);
    (q * keep + r * keep / tw) / scale
}

fn coins(v: i128) -> Result<Coins, PoolError> {
    i64::try_from(v).map(Coins).map_err(|_| PoolError::Overflow)
}
