//! Arena scoring (lila's rules on plies): 2/1/0; two wins in a row put a player on fire (double
//! points until a non-win); a draw under `min_draw_plies` scores 0, and so does a second draw in
//! a row (losses between do not break it) unless it is long; a berserk win scores +1 once the
//! berserker made `berserk_min_moves` moves.

use super::model::{ArenaConfig, ArenaPlayer, SheetEntry};
use crate::tournament::PlayerResult;
use xiangqi::Color;

/// The moves `side` made in a game of `plies` (Red moves first).
#[must_use]
pub fn moves_of(side: Color, plies: u32) -> u32 {
    match side {
        Color::Red => plies.div_ceil(2),
        Color::Black => plies / 2,
    }
}

/// Whether `p` is on fire: their last two counted games were wins, so the next one scores
/// double.
#[must_use]
pub fn on_fire(p: &ArenaPlayer) -> bool {
    p.sheet
        .iter()
        .rev()
        .take_while(|e| e.result.is_win())
        .count()
        >= 2
}

/// The sheet entry of `p` for a game ending in `result` after `plies`; `berserk`: the side
/// `p` played if they berserked.
#[must_use]
pub fn score(
    c: &ArenaConfig,
    p: &ArenaPlayer,
    game: u64,
    result: PlayerResult,
    plies: u32,
    berserk: Option<Color>,
) -> SheetEntry {
    let fire = on_fire(p);
    let mut points = match result {
        PlayerResult::Win | PlayerResult::ForfeitWin => c.scale.win,
        PlayerResult::Draw => {
            let previous = p
                .sheet
                .iter()
                .rev()
                .find(|e| !matches!(e.result, PlayerResult::Loss | PlayerResult::ForfeitLoss));
            let streak = previous.is_some_and(|e| e.result == PlayerResult::Draw)
                && plies < c.long_draw_plies;
            if plies < c.min_draw_plies || streak {
                0
            } else {
                c.scale.draw
            }
        }
        PlayerResult::Loss | PlayerResult::ForfeitLoss => c.scale.loss,
    };
    if fire {
        points *= 2;
    }
    let long_enough = berserk.is_some_and(|side| moves_of(side, plies) >= c.berserk_min_moves);
    if long_enough && result == PlayerResult::Win {
        points += 1;
    }
    SheetEntry {
        game,
        result,
        points,
        fire,
    }
}
