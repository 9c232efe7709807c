//! The names of an event's players, served with the event (`GET /api/tournaments/{id}`'s
//! `names`) as the ladder serves its own, so that no screen labels a player by id, and used by
//! the event's files (`tournament_files.rs`).

use crate::state::AppState;
use events::tournament::TournamentView;
use platform::UserId;
use std::collections::{BTreeMap, HashMap};

/// The names of `users`, by id (`user N` for one that cannot be read).
pub(super) async fn names(
    state: &AppState,
    users: impl IntoIterator<Item = UserId>,
) -> HashMap<UserId, String> {
    let mut out = HashMap::new();
    for u in users {
        if out.contains_key(&u) {
            continue;
        }
        let name = match state.db.user(u).await {
            Ok(Some(user)) => user.name,
            _ => format!("user {}", u.0),
        };
        out.insert(u, name);
    }
    out
}

/// Every player `view` mentions: registered, paired, ranked, in the bracket or the arena.
fn players_of(view: &TournamentView) -> Vec<UserId> {
    let mut out: Vec<UserId> = view.players.iter().map(|p| p.user).collect();
    out.extend(view.standings.iter().map(|r| r.user));
    for b in view.rounds.iter().flat_map(|r| &r.boards) {
        out.push(b.red);
        out.extend(b.black);
    }
    for m in view.bracket.iter().flatten().flat_map(|r| &r.matches) {
        out.extend([m.high, m.low, m.winner].into_iter().flatten());
        out.extend(m.games.iter().flat_map(|g| [g.red, g.black]));
    }
    if let Some(a) = &view.arena {
        out.extend(a.players.iter().map(|p| p.user));
        out.extend(a.teams.iter().flat_map(|t| t.top.iter().map(|(u, _)| *u)));
    }
    out
}

/// The names of the players of `view`, by id (the JSON object's keys are the ids).
pub(super) async fn names_of(state: &AppState, view: &TournamentView) -> BTreeMap<u64, String> {
    names(state, players_of(view))
        .await
        .into_iter()
        .map(|(u, name)| (u.0, name))
        .collect()
}
