//! A team's withdrawal at the director: the games its players still have in progress are
//! resigned for them (their boards are already decided by the core, so those ends change
//! nothing more).

use super::actor::Director;
use super::table_ids::table_of;
use platform::league::{red_is_home, League, TeamId};
use tables::table::{DirectorCmd, TableMsg};

impl Director {
    /// Resigns the open games of `team`'s players, as the league stood `before` it withdrew.
    pub(super) async fn resign_withdrawn(&self, before: &League, team: TeamId) {
        for x in before
            .matches
            .iter()
            .filter(|x| x.begun() && x.score.is_none())
        {
            let Some(home) = x.side_of(team) else {
                continue;
            };
            for (i, b) in x.boards.iter().enumerate() {
                let board = u8::try_from(i).unwrap_or(u8::MAX);
                let player = if red_is_home(board) == home {
                    b.red
                } else {
                    b.black
                };
                let (None, Some(user)) = (b.result, player) else {
                    continue;
                };
                if let Some(h) = self.state.tables.get(table_of(self.id, x.id, board)) {
                    let _ = h
                        .send(TableMsg::Director(DirectorCmd::Resign { user }))
                        .await;
                }
            }
        }
    }
}
