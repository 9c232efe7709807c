//! Recording a game's conduct per player, the automatic ban that may follow a leave or a
//! no-show, and telling the player so (a kept `conduct_notice`: the reason, the score now, the
//! ban).

use crate::live::Live;
use crate::user::COMPUTER;
use platform::behaviour::{score, Ban, Conduct, SCORE_WINDOW};
use platform::{GameId, Millis, UserId};
use protocol::ServerMsg;
use store::{NewSanction, SanctionKind, StoreError};

/// Records game `game`'s conduct of `players` (`[red, black]`) at `now`; a leave or a no-show
/// may ban its player. Failures are logged: the game's result is stored already.
pub async fn record_game(
    state: &Live,
    game: GameId,
    players: [UserId; 2],
    conduct: [Option<Conduct>; 2],
    now: Millis,
) {
    for (user, conduct) in players.into_iter().zip(conduct) {
        let Some(conduct) = conduct.filter(|_| user != COMPUTER) else {
            continue;
        };
        match state.db.record_conduct(user, game, conduct, now).await {
            Ok(true) if conduct.is_bannable() => {
                let ban = ban_if_due(state, user, now).await.unwrap_or_else(|e| {
                    tracing::error!(user = user.0, "behaviour ban: {e}");
                    None
                });
                tell(state, user, game, conduct, ban).await;
            }
            Ok(_) => {}
            Err(e) => tracing::error!(user = user.0, game = game.0, "behaviour record: {e}"),
        }
    }
}

/// Tells `user` that `conduct` in game `game` lowered their behaviour score, with the score now
/// and the ban it brought (kept as a notice for a player who is not connected).
async fn tell(state: &Live, user: UserId, game: GameId, conduct: Conduct, ban: Option<Ban>) {
    let score = match state.db.recent_conduct(user, SCORE_WINDOW).await {
        Ok(recent) => score(&recent),
        Err(e) => {
            tracing::error!(user = user.0, "behaviour score: {e}");
            return;
        }
    };
    let msg = ServerMsg::ConductNotice {
        game_id: game,
        conduct: conduct.as_str(),
        score,
        ban_until: ban.map(|b| b.until.0),
    };
    crate::notices::send_kept(state, user, &msg).await;
}

/// Asks the ban policy about `user` at `now` and stores the ban it gives, if any.
///
/// # Errors
/// [`StoreError`] if the history cannot be read or the ban stored.
pub async fn ban_if_due(
    state: &Live,
    user: UserId,
    now: Millis,
) -> Result<Option<Ban>, StoreError> {
    let policy = state.config.behaviour.policy();
    let incidents = state
        .db
        .incidents_since(user, Millis(now.0.saturating_sub(policy.window.0)))
        .await?;
    let past = state
        .db
        .auto_ban_starts(user, Millis(now.0.saturating_sub(policy.memory.0)))
        .await?;
    let Some(ban) = policy.decide(&incidents, &past, now) else {
        return Ok(None);
    };
    let reason = ban.reason.to_string();
    state
        .db
        .add_sanction(&NewSanction {
            user,
            kind: SanctionKind::Ban,
            automatic: true,
            reason: &reason,
            starts_at: ban.from,
            ends_at: ban.until,
            by: None,
        })
        .await?;
    tracing::info!(user = user.0, until = ban.until.0, "banned: {reason}");
    Ok(Some(ban))
}
