//! [`CoinCmd`]: a coin command as a table's coin desk takes it — wagers between its players,
//! bets of its spectators. The WebSocket edge translates the client's messages into it. An
//! amount is `None` when the client sent a number that is not a whole `i64`: the desk refuses it
//! `invalid_amount` in its turn, as any amount it cannot accept.

use platform::parimutuel::Pick;
use platform::GameId;

/// Both players' stakes, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// Red's stake.
    pub red: Option<i64>,
    /// Black's stake.
    pub black: Option<i64>,
}

/// What a player saw when confirming or agreeing to a wager: the stakes' version and the
/// amounts by colour. What is given must match the wager as it is now (else `stale_wager`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// The wager's version.
    pub version: Option<u32>,
    /// Its stakes.
    pub stakes: Option<Stakes>,
}

/// The kind of wager proposed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WagerKind {
    /// The winner takes the stakes.
    #[default]
    Ordinary,
    /// Paid coaching: the player staking 0 is the coach.
    Coaching,
}

/// A coin command for a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoinCmd {
    /// Propose (or change) the wager.
    Propose {
        /// The stakes by colour.
        stakes: Stakes,
        /// Its kind.
        kind: WagerKind,
    },
    /// Confirm the stakes as seen.
    Confirm {
        /// What the player saw.
        seen: Seen,
    },
    /// Agree: the stakes go into escrow (keyed).
    Agree {
        /// The client's idempotency key.
        key: String,
        /// What the player saw.
        seen: Seen,
    },
    /// Withdraw the wager.
    Cancel,
    /// Add coins to one's escrowed stake (keyed).
    TopUp {
        /// How much.
        amount: Option<i64>,
        /// The client's idempotency key.
        key: String,
    },
    /// A spectator's bet (keyed).
    Bet {
        /// On what.
        pick: Pick,
        /// How much.
        amount: Option<i64>,
        /// The client's idempotency key.
        key: String,
        /// The game meant (the current one when not given).
        game_id: Option<GameId>,
    },
}
