//! Team battles in the director: a player enters an arena team battle with their team, read
//! from the teams (`store::teams`, docs/teams.md) when they first join and journaled with the
//! entry (`ArenaCommand::Join.team`), so a replay needs no lookup. A member of several teams
//! enters with the one of the lowest id (the first founded); a player in no team is refused.

use super::actor::Director;
use super::msg::Refusal;
use super::system::{Command, Core};
use platform::tournament::arena::{ArenaCommand, TeamEntry};
use platform::UserId;

impl Director {
    /// The command that enters `user` (rating `rating`): the system's, with the player's team
    /// in a team battle.
    pub(super) async fn entry_of(&self, user: UserId, rating: u32) -> Result<Command, Refusal> {
        let mut cmd = self.core.rules().register(user, rating);
        let Core::Arena(arena) = &self.core else {
            return Ok(cmd);
        };
        if !arena.is_team_battle() || arena.players.contains_key(&user) {
            return Ok(cmd);
        }
        if let Command::Arena(ArenaCommand::Join { team, .. }) = &mut cmd {
            let teams = self
                .state
                .db
                .teams_of(user)
                .await
                .map_err(|e| Refusal::NotStored(e.to_string()))?;
            *team = teams.first().map(|t| TeamEntry {
                id: t.id,
                name: t.name.clone(),
            });
        }
        Ok(cmd)
    }
}
