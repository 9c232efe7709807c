//! The start and end of a game as stored. A game that starts gets its `games` row (its id is
//! the game's from then on); a game that ends is stored in one call — result, moves, clocks,
//! ratings, the winner's reward, the wager's and the pool's settlements — which yields the
//! `rated` event and what the settlements were, to be published after `game_ended`.

use super::core::TableCore;
use super::desk::{CoinDesk, Settled};
use platform::ledger::{AccountId, Transaction};
use platform::rating::{PlayerRating, RatedGame, RatingChange, RatingStatus, UnratedReason};
use platform::table::{AbortReason, GameEnd};
use platform::{GameId, Millis, UserId};
use protocol::events::EventView;
use std::sync::Arc;
use store::{FinishedGame, NewGame, RateRequest, RatingLine, RatingOutcome, Ratings, StoreError};
use xiangqi::Color;

/// What storing a game's end yields to publish.
#[derive(Default)]
pub(super) struct Finish {
    /// The `rated` event.
    pub(super) rated: Option<EventView>,
    /// The settlements that were stored.
    pub(super) settled: Option<Settled>,
}

/// Stores the game that just started; its id is the game's id from then on.
pub(super) async fn store_new_game(core: &TableCore, now: Millis) -> Result<GameId, StoreError> {
    let game = core
        .table
        .game()
        .ok_or_else(|| StoreError::Corrupt("no game started".into()))?;
    let fen = game.start_position().fen();
    let new = NewGame {
        table: core.id,
        room: &core.room.id,
        red: game.player(Color::Red),
        black: game.player(Color::Black),
        control: game.clock().control(),
        start_fen: &fen,
        ai_level: core.ai.map(|a| a.level),
        started_at: now.0,
        casual: core.casual_next,
        fence: Some(core.fence()),
    };
    let stored = core.state.db.create_game(&new).await;
    core.noting_fence(stored).inspect_err(|e| {
        tracing::error!(table = core.id.0, "cannot store the new game: {e}");
    })
}

/// Stores the end of the game with its ratings, reward and settlements (the wager and the pool
/// leave `desk`); tells the rewarded winner their balance.
pub(super) async fn finish(
    core: &mut TableCore,
    desk: &mut CoinDesk,
    end: GameEnd,
    now: Millis,
) -> Finish {
    if core.replaying {
        return Finish::default();
    }
    let (Some(game_id), Some(game)) = (core.game_id, core.table.game()) else {
        return Finish::default();
    };
    let (red, black) = (game.player(Color::Red), game.player(Color::Black));
    let Some((moves, clocks)) = core.moves_and_clocks() else {
        return Finish::default();
    };
    let (status, result, reason) = match end {
        GameEnd::Finished { outcome, .. } => (
            "finished",
            outcome.result.as_str(),
            outcome.reason.as_str().to_owned(),
        ),
        GameEnd::Aborted { reason, .. } => (
            "aborted",
            "*",
            match reason {
                AbortReason::Requested(_) => "requested".to_owned(),
                AbortReason::NoFirstMove(_) => "no_first_move".to_owned(),
            },
        ),
    };
    // A handicap game is rated only where the room gives its kind an offset.
    let handicap = game.handicap().map(|h| {
        let rating = core.table.config().handicap_rating;
        (h.giver, rating.and_then(|r| r.offset(&h.kind)))
    });
    let unrated_handicap = matches!(handicap, Some((_, None)));
    let rate = match (end.outcome(), core.ai) {
        (Some(outcome), ai) if ai.is_none_or(|a| a.rated) && !unrated_handicap && !core.casual => {
            Some(RateRequest {
                profile: core.state.profile,
                pool: core.table.config().rating_pool.clone(),
                red,
                black,
                game: RatedGame {
                    result: outcome.result,
                    reason: outcome.reason,
                    plies: u32::try_from(end.plies()).unwrap_or(u32::MAX),
                },
                computer: ai.map(|a| a.color),
                handicap: handicap.and_then(|(giver, o)| o.map(|o| (giver, f64::from(o)))),
            })
        }
        _ => None,
    };
    let finished_game = end.outcome().is_some();
    let wager = desk.wager_settlement(core, &end, game_id);
    let pool = desk.pool_settlement(core, &end);
    desk.clear();
    let coins: Vec<_> = wager
        .iter()
        .map(|w| w.0.clone())
        .chain(pool.iter().filter_map(|p| p.0.clone()))
        .map(|w| w.fenced(core.fence()))
        .collect();
    let paid = paid_users(&coins);
    let mut finished = FinishedGame {
        id: game_id,
        status,
        result,
        reason: Some(reason),
        moves,
        clocks,
        ended_at: now.0,
        rate,
        reward: reward(core, game_id, end, red, black),
        coins,
        fence: Some(core.fence()),
    };
    // The ratings are read and written inside the result transaction, with the settlements.
    let stored = core
        .state
        .db
        .finish_game_settling(core.id, &mut finished)
        .await;
    let Ok((outcome, parts)) = core.noting_fence(stored) else {
        return Finish::default();
    };
    let settled = Settled {
        wager: wager.filter(|_| parts.wager).map(|w| (w.1, w.2)),
        pool: pool.filter(|_| parts.pool).map(|p| p.1),
        result,
        paid,
    };
    if let Some(reward) = &finished.reward {
        announce_reward(core, reward).await;
    }
    record_conduct(core, game_id, end, [red, black], now).await;
    let rated = match outcome {
        Some(outcome) => Some(outcome),
        None if finished_game => Some(unrated_outcome(core, red, black, unrated_handicap)),
        None => None,
    };
    // A pool's ratings are not the site's: the players' site ratings stay as they are.
    let site = core.table.config().rating_pool.is_none();
    let rated = rated.map(|outcome| {
        let change = outcome.change;
        let (scored_as, why) = match change.status {
            RatingStatus::Rated { scored_as } => {
                for (uid, r) in [(red, change.red), (black, change.black)] {
                    if let Some(u) = core.users.get_mut(&uid).filter(|_| site) {
                        Arc::make_mut(u).rating = r;
                    }
                }
                (Some(scored_as.as_str()), None)
            }
            RatingStatus::Unrated(_) => (None, Some(change.status)),
        };
        EventView::Rated {
            game_id,
            rated: change.is_rated(),
            red: outcome.lines.red,
            black: outcome.lines.black,
            scored_as,
            why,
            pool: core
                .table
                .config()
                .rating_pool
                .as_ref()
                .map(|p| p.name.to_string()),
        }
    });
    Finish {
        rated,
        settled: Some(settled),
    }
}

/// Why a finished game that nobody rated was not rated (a casual game — against the computer
/// unrated, or a pair of unrated seeks — an unrated handicap game, or a guest's), with both
/// players' ratings unchanged: the `rated` event says so.
fn unrated_outcome(core: &TableCore, red: UserId, black: UserId, handicap: bool) -> RatingOutcome {
    let rating = |u: UserId| {
        core.users
            .get(&u)
            .map_or_else(|| core.state.profile.initial(), |i| i.rating)
    };
    let why = if core.ai.is_some() || core.casual {
        UnratedReason::Casual
    } else if handicap {
        UnratedReason::Handicap
    } else {
        UnratedReason::Guest
    };
    let (r, b) = (rating(red), rating(black));
    let line = |p: PlayerRating| {
        let v = p.rating.round() as i64;
        RatingLine {
            before: v,
            after: v,
            delta: 0,
        }
    };
    RatingOutcome {
        change: RatingChange {
            red: r,
            black: b,
            red_delta: 0.0,
            black_delta: 0.0,
            status: RatingStatus::Unrated(why),
        },
        lines: Ratings {
            red: line(r),
            black: line(b),
        },
    }
}

/// Records each player's conduct in the game that ended with `end` (docs/behaviour.md); the
/// computer's side is not recorded.
async fn record_conduct(
    core: &TableCore,
    game_id: GameId,
    end: GameEnd,
    players: [UserId; 2],
    now: Millis,
) {
    let away = [Color::Red, Color::Black]
        .map(|c| core.table.seat(c).is_some_and(|s| s.away_since.is_some()));
    let mut conduct = platform::behaviour::classify(&end, away);
    if let Some(ai) = core.ai {
        conduct[usize::from(ai.color == Color::Black)] = None;
    }
    crate::behaviour::record::record_game(&core.state, game_id, players, conduct, now).await;
}

/// The users whose balance the settlements `coins` change.
fn paid_users(coins: &[store::CoinWrite]) -> Vec<UserId> {
    let mut paid: Vec<UserId> = coins
        .iter()
        .filter_map(|w| w.ledger.as_ref())
        .flat_map(|tx| tx.entries.iter())
        .filter_map(|e| match e.account {
            AccountId::User(u) => Some(u),
            _ => None,
        })
        .collect();
    paid.sort_unstable();
    paid.dedup();
    paid
}

/// The winner's reward for game `game_id`, if the economy pays one: only between two
/// registered players, never against the computer nor in a casual game (`platform::reward` decides the rest).
fn reward(
    core: &TableCore,
    game_id: GameId,
    end: GameEnd,
    red: UserId,
    black: UserId,
) -> Option<Transaction> {
    let policy = core
        .state
        .config
        .economy
        .reward_policy(&core.state.profile)?;
    let outcome = end.outcome()?;
    let registered = |u: UserId| core.users.get(&u).is_some_and(|i| i.is_rated_player());
    if core.ai.is_some() || core.casual || !registered(red) || !registered(black) {
        return None;
    }
    let game = RatedGame {
        result: outcome.result,
        reason: outcome.reason,
        plies: u32::try_from(end.plies()).unwrap_or(u32::MAX),
    };
    policy
        .reward(game_id, red, black, &game)
        .unwrap_or_else(|e| {
            tracing::warn!(table = core.id.0, game_id = game_id.0, "reward: {e}");
            None
        })
}

/// Tells the rewarded winner their new balance (the reward committed with the result).
async fn announce_reward(core: &TableCore, reward: &Transaction) {
    for e in &reward.entries {
        if let AccountId::User(user) = e.account {
            match crate::coins::balance(&core.state, user).await {
                Ok(coins) => crate::coins::push_balance(&core.state, user, coins),
                Err(e) => tracing::warn!(table = core.id.0, "balance: {e}"),
            }
        }
    }
}
