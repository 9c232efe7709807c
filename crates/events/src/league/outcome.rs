//! A board's result from its game's end, live or as stored: a side that did not make its
//! first move (or asked to abort) forfeits; when Red made no first move and Black was not at
//! the table either, both players were missing and both lose (docs/leagues.md).

use platform::league::BoardResult;
use platform::table::{AbortReason, GameEnd};
use store::EndedGame;
use xiangqi::{Color, GameResult};

/// A board's result from its game's end; `black_absent`: Black was not at the table when it
/// ended.
#[must_use]
pub fn result_of(end: &GameEnd, black_absent: bool) -> BoardResult {
    match end {
        GameEnd::Finished { outcome, .. } => match outcome.result {
            GameResult::RedWins => BoardResult::RedWon,
            GameResult::BlackWins => BoardResult::BlackWon,
            _ => BoardResult::Draw,
        },
        GameEnd::Aborted {
            reason: AbortReason::NoFirstMove(c),
            ..
        } => BoardResult::of_no_first_move(*c, black_absent),
        GameEnd::Aborted {
            reason: AbortReason::Requested(c),
            ..
        } => forfeit_by(*c),
    }
}

/// The same for a game whose end was stored but not reported (the server stopped between).
#[must_use]
pub fn stored_result_of(g: &EndedGame) -> BoardResult {
    match g.result.as_str() {
        "1-0" => BoardResult::RedWon,
        "0-1" => BoardResult::BlackWon,
        "1/2-1/2" => BoardResult::Draw,
        // Aborted: the side to make its first move did not.
        _ => forfeit_by(if g.plies == 0 {
            Color::Red
        } else {
            Color::Black
        }),
    }
}

fn forfeit_by(c: Color) -> BoardResult {
    match c {
        Color::Red => BoardResult::RedForfeit,
        Color::Black => BoardResult::BlackForfeit,
    }
}
