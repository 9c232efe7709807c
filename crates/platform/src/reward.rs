//! Winner rewards and room entry gates by balance (PLATFORM.md §5).
//!
//! Decision: a reward is only paid for a game that counts as a win: not for a game that ended
//! within 5 plies (the `lotto` profile scores those as draws, and this stops farming rewards
//! with quick timeouts), nor when the loser resigned or left.

use crate::ledger::{
    AccountId, Coins, GameId, IdempotencyKey, LedgerError, Transaction, Transfer, TxKind, UserId,
};
use crate::rating::{Profile, RatedGame};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use xiangqi::{Color, EndReason};

/// How much a winner receives from the mint per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewardPolicy {
    /// Coins per won game.
    pub amount: Coins,
    /// Games shorter than this many plies earn nothing.
    pub min_plies: u32,
}

impl RewardPolicy {
    /// The `lotto` site's rule: 10 coins per won game of 6 plies or more.
    pub const LOTTO: RewardPolicy = RewardPolicy {
        amount: Coins(10),
        min_plies: 6,
    };

    /// The default policy of a rating profile: `lotto` rewards winners, the others do not.
    #[must_use]
    pub const fn for_profile(profile: &Profile) -> Option<RewardPolicy> {
        match profile {
            Profile::Lotto => Some(Self::LOTTO),
            _ => None,
        }
    }

    /// Who earns the reward for `game`, if anyone: the winner, unless the game was short or the
    /// loser resigned or left.
    #[must_use]
    pub fn winner(&self, red: UserId, black: UserId, game: &RatedGame) -> Option<UserId> {
        let winner = game.result.winner()?;
        if game.plies < self.min_plies
            || matches!(game.reason, EndReason::Resignation | EndReason::Abandoned)
            || !self.amount.is_positive()
        {
            return None;
        }
        Some(match winner {
            Color::Red => red,
            Color::Black => black,
        })
    }

    /// The reward transaction for game `id` (mint → winner), keyed `reward:game:<id>`, or `None`
    /// when nobody earns one.
    ///
    /// # Errors
    /// Only if the transaction cannot be built (never for a positive amount).
    pub fn reward(
        &self,
        id: GameId,
        red: UserId,
        black: UserId,
        game: &RatedGame,
    ) -> Result<Option<Transaction>, LedgerError> {
        let Some(winner) = self.winner(red, black, game) else {
            return Ok(None);
        };
        Transaction::from_transfers(
            IdempotencyKey::new(format!("reward:game:{id}"))?,
            TxKind::Reward,
            format!("reward for winning game {id}"),
            &[Transfer {
                from: AccountId::Mint,
                to: AccountId::User(winner),
                amount: self.amount,
            }],
        )
        .map(Some)
    }
}

/// A room's level (初级 / 中级 / 高级).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomLevel {
    /// 初级房间.
    Beginner,
    /// 中级房间.
    Intermediate,
    /// 高级房间.
    Advanced,
}

/// The balance needed to enter rooms of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomGates {
    /// Beginner rooms (default 0).
    pub beginner: Coins,
    /// Intermediate rooms (default 100).
    pub intermediate: Coins,
    /// Advanced rooms (default 1000).
    pub advanced: Coins,
}

impl Default for RoomGates {
    fn default() -> RoomGates {
        RoomGates {
            beginner: Coins(0),
            intermediate: Coins(100),
            advanced: Coins(1000),
        }
    }
}

/// A balance too low for a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{level:?} rooms need {needed} coins; you have {available}")]
pub struct EntryError {
    /// The room's level.
    pub level: RoomLevel,
    /// The balance needed.
    pub needed: Coins,
    /// The balance held.
    pub available: Coins,
}

impl RoomGates {
    /// The balance needed for `level`.
    #[must_use]
    pub const fn required(&self, level: RoomLevel) -> Coins {
        match level {
            RoomLevel::Beginner => self.beginner,
            RoomLevel::Intermediate => self.intermediate,
            RoomLevel::Advanced => self.advanced,
        }
    }

    /// Whether a user holding `balance` may enter a room of `level`.
    ///
    /// # Errors
    /// [`EntryError`] when the balance is below the gate.
    pub fn check_entry(&self, level: RoomLevel, balance: Coins) -> Result<(), EntryError> {
        let needed = self.required(level);
        if balance < needed {
            Err(EntryError {
                level,
                needed,
                available: balance,
            })
        } else {
            Ok(())
        }
    }
}
