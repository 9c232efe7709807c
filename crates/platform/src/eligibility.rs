//! Who may wager (竞猜) and who may bet at a table: the two seated registered players wager with
//! each other, never at a table against the computer and never with a guest; a registered
//! spectator bets on the game in progress, never a player of it. Pure rules over the table's
//! state; the server asks them before it touches any coins.

use crate::parimutuel::Pool;
use crate::table::Table;
use crate::wager::Wager;
use crate::{GameId, UserId};
use xiangqi::Color;

/// Why a user may not wager here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WagerRefusal {
    /// The table is one of a game against the computer.
    #[error("no wagers against the computer")]
    ComputerTable,
    /// The user is a guest.
    #[error("guests cannot wager")]
    Guest,
    /// The user is not in a seat.
    #[error("only the two seated players can wager")]
    NotSeated,
    /// The other seat is empty.
    #[error("nobody to wager with")]
    NoOpponent,
    /// The opponent is a guest (or unknown).
    #[error("your opponent is a guest; guests cannot wager")]
    OpponentGuest,
    /// A wager between other players is still open at this table.
    #[error("another wager is open here")]
    AnotherWagerOpen,
}

/// Why a user may not bet here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BetRefusal {
    /// The user is a guest.
    #[error("guests cannot bet")]
    Guest,
    /// No game is in progress (or it has no pool).
    #[error("no game in progress to bet on")]
    NoGame,
    /// The bet names a game that is no longer the table's.
    #[error("game {asked} is over; the game now is {now}")]
    StaleGame {
        /// The game the bet was meant for.
        asked: GameId,
        /// The game in progress.
        now: GameId,
    },
    /// The user plays the game.
    #[error("players cannot bet on their own game")]
    Player,
}

/// The parties of a wager `user` may make at `table`: `(user, opponent, user's colour)`.
/// `computer_table`: the table is one against the computer; `is_guest` tells whether a user is
/// a guest (unknown users count as guests); `open`: the wager open at the table, if any.
///
/// # Errors
/// The first [`WagerRefusal`] that applies, in the order of its variants.
pub fn wager_parties(
    table: &Table,
    computer_table: bool,
    user: UserId,
    is_guest: impl Fn(UserId) -> bool,
    open: Option<&Wager>,
) -> Result<(UserId, UserId, Color), WagerRefusal> {
    if computer_table {
        return Err(WagerRefusal::ComputerTable);
    }
    if is_guest(user) {
        return Err(WagerRefusal::Guest);
    }
    let color = table.seat_of(user).ok_or(WagerRefusal::NotSeated)?;
    let opponent = table
        .seat(!color)
        .map(|s| s.user)
        .ok_or(WagerRefusal::NoOpponent)?;
    if is_guest(opponent) {
        return Err(WagerRefusal::OpponentGuest);
    }
    if let Some(w) = open {
        if !w.players.contains(&user) || !w.players.contains(&opponent) {
            return Err(WagerRefusal::AnotherWagerOpen);
        }
    }
    Ok((user, opponent, color))
}

/// Whether `user` (`guest` or not) may bet at `table` on its game in progress, whose pool is
/// `pool`; `meant_for` is the game the bet names, if it names one. Returns the pool.
///
/// # Errors
/// The first [`BetRefusal`] that applies, in the order of its variants.
pub fn bet_pool<'a>(
    table: &Table,
    pool: Option<&'a Pool>,
    user: UserId,
    guest: bool,
    meant_for: Option<GameId>,
) -> Result<&'a Pool, BetRefusal> {
    if guest {
        return Err(BetRefusal::Guest);
    }
    let pool = pool
        .filter(|_| table.is_playing())
        .ok_or(BetRefusal::NoGame)?;
    if let Some(asked) = meant_for.filter(|g| *g != pool.game) {
        return Err(BetRefusal::StaleGame {
            asked,
            now: pool.game,
        });
    }
    if table.seat_of(user).is_some() || pool.players.contains(&user) {
        return Err(BetRefusal::Player);
    }
    Ok(pool)
}
