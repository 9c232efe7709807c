//! What spectators kept behind the game are shown ([`super::spectators`]): a released move,
//! the game cut back to the plies released, the table's delay.

use super::core::TableCore;
use super::spectators::Cut;
use platform::clock::ClockSnapshot;
use platform::table::Game;
use protocol::events::EventView;
use protocol::views::{GameView, SpectatorDelayView};
use xiangqi::Position;

/// The position of `game` after its first `plies` plies.
fn position_after(game: &Game, plies: usize) -> Option<Position> {
    let mut pos = game.start_position().clone();
    for mv in game.moves().get(..plies)? {
        pos = pos.play(*mv).ok()?;
    }
    Some(pos)
}

impl TableCore {
    /// The `moved` event of ply `ply` of the game in progress as spectators get it when it is
    /// released: with the clocks just after it and the position it made.
    pub(super) fn moved_at(&self, ply: usize, clock: ClockSnapshot) -> Option<EventView> {
        let game = self.table.game()?;
        let before = position_after(game, ply.checked_sub(1)?)?;
        let mv = *game.moves().get(ply - 1)?;
        let after = before.play(mv).ok()?;
        Some(EventView::Moved {
            color: before.turn().name(),
            mv: mv.to_string(),
            ply,
            clock,
            fen: Some(after.fen()),
            legal: Vec::new(),
            warnings: Vec::new(),
            first_move: None,
        })
    }

    /// Cuts `view` (the game in progress) back to what spectators were shown.
    pub(super) fn cut_game_view(&self, view: &mut GameView, cut: Cut) {
        let Some(pos) = self.table.game().and_then(|g| position_after(g, cut.shown)) else {
            return;
        };
        view.fen = pos.fen();
        view.moves.truncate(cut.shown);
        view.turn = pos.turn().name();
        view.ply = cut.shown;
        if let Some(clock) = cut.clock {
            view.clock = clock;
        }
        view.legal.clear();
        view.warnings.clear();
        view.first_move = None;
    }

    /// The table's spectator delay as `table_state` shows it (`delayed`: this connection's
    /// feed is the delayed one).
    pub(super) fn delay_view(&self, delayed: bool) -> Option<SpectatorDelayView> {
        let d = self.table.config().spectator_delay;
        (!d.is_none()).then_some(SpectatorDelayView {
            plies: d.plies,
            secs: d.secs,
            delayed,
        })
    }
}
