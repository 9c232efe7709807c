//! Rating pools in the server (docs/economy.md, "Rating pools"): the rating a ladder or an event
//! keeps of a player (the site's, or the player's in the event's own pool), and the checks that
//! keep one pool rated by one profile.

use crate::deps::Events;
use platform::rating::{PlayerRating, Profile, RatingScope};
use store::StoreError;
use tables::user::UserInfo;

/// A rating as ladders and events keep it: whole points, 0..=10000.
#[must_use]
pub fn whole(r: &PlayerRating) -> u32 {
    r.rating.round().clamp(0.0, 10_000.0) as u32
}

/// `user`'s rating in `scope`: their site rating, or their rating in the pool (its profile's
/// initial rating before their first game there).
///
/// # Errors
/// [`StoreError::Db`].
pub async fn rating_in(
    state: &Events,
    user: &UserInfo,
    scope: &RatingScope,
) -> Result<u32, StoreError> {
    match scope.pool() {
        None => Ok(whole(&user.rating)),
        Some(pool) => Ok(whole(&state.db.pool_rating(user.id, pool).await?)),
    }
}

/// The profile pool `name` is rated with: a configured ladder's, else the one its stored
/// ratings were made with; `None` for a pool nobody knows.
///
/// # Errors
/// [`StoreError::Db`].
pub async fn profile_of(state: &Events, name: &str) -> Result<Option<Profile>, StoreError> {
    let configured = state
        .config
        .ladders
        .iter()
        .filter_map(|l| l.rating.pool())
        .find(|p| p.name.as_str() == name);
    if let Some(p) = configured {
        return Ok(Some(p.profile));
    }
    Ok(state
        .db
        .pool_profile(name)
        .await?
        .and_then(|p| p.parse().ok()))
}

/// Checks a new event's rating scope: a pool must keep the profile it already has (a
/// configured ladder's, or its stored ratings'). `Ok(Err(why))` when it does not.
///
/// # Errors
/// [`StoreError::Db`].
pub async fn check_new(
    state: &Events,
    scope: &RatingScope,
) -> Result<Result<(), String>, StoreError> {
    let Some(pool) = scope.pool() else {
        return Ok(Ok(()));
    };
    Ok(match profile_of(state, pool.name.as_str()).await? {
        Some(p) if p.name() != pool.profile.name() => Err(format!(
            "rating pool {:?} is rated with {}, not {}",
            pool.name.as_str(),
            p.name(),
            pool.profile.name()
        )),
        _ => Ok(()),
    })
}

/// Checks a new event's rating scope against the stored ratings only (the command line, which
/// has no running site's configuration): a pool must keep the profile its ratings were made
/// with.
///
/// # Errors
/// A sentence when the profile differs or the database fails.
pub async fn check_stored(db: &store::Db, scope: &RatingScope) -> Result<(), String> {
    let Some(pool) = scope.pool() else {
        return Ok(());
    };
    match db.pool_profile(pool.name.as_str()).await {
        Ok(Some(p)) if p != pool.profile.name() => {
            Err(format!("rating pool {} is rated with {p}", pool.name))
        }
        Ok(_) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}
