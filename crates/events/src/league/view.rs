//! The league as JSON for `GET /api/leagues…` (shapes in docs/leagues.md): summaries, the
//! divisions with standings and matches, and one match with its boards, lineups and
//! appointment.

use super::table_ids::table_of;
use crate::deps::Events;
use platform::league::{League, LeagueMatch, Phase, TeamId};
use platform::UserId;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Entry => "entry",
        Phase::Running => "running",
        Phase::Ended => "ended",
    }
}

fn team(l: &League, t: TeamId) -> Value {
    json!({ "id": t, "name": l.teams.get(&t).map(|t| t.name.as_str()).unwrap_or("") })
}

/// One line of `GET /api/leagues`.
#[must_use]
pub fn summary(id: u32, name: &str, l: &League) -> Value {
    json!({
        "id": id,
        "name": name,
        "season": l.season,
        "phase": phase(l.phase),
        "divisions": l.divisions.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(),
        "teams": l.teams.len(),
        "seasons": l.past.iter().map(|p| p.season).chain([l.season]).collect::<Vec<_>>(),
    })
}

fn match_line(l: &League, m: &LeagueMatch) -> Value {
    json!({
        "id": m.id,
        "division": m.division,
        "round": m.round,
        "home": team(l, m.home),
        "away": team(l, m.away),
        "time": m.time(),
        "agreed": m.appointment.agreed.is_some(),
        "begun": m.begun(),
        "score": m.score,
    })
}

/// `GET /api/leagues/{id}`.
#[must_use]
pub fn league(id: u32, name: &str, l: &League) -> Value {
    let divisions: Vec<Value> = l
        .divisions
        .iter()
        .enumerate()
        .map(|(d, div)| {
            let rows: Vec<Value> = l
                .standings(d)
                .into_iter()
                .enumerate()
                .map(|(i, s)| {
                    let mut v = json!(s);
                    v["rank"] = json!(i + 1);
                    v["name"] = team(l, s.team)["name"].clone();
                    v
                })
                .collect();
            json!({ "name": div.name, "standings": rows })
        })
        .collect();
    let mut v = summary(id, name, l);
    v["boards"] = json!(l.config.boards);
    v["divisions"] = json!(divisions);
    v["matches"] = json!(l
        .matches
        .iter()
        .map(|m| match_line(l, m))
        .collect::<Vec<_>>());
    v
}

/// Names of `users` (unknown ones left out).
async fn names(state: &Events, users: &[UserId]) -> BTreeMap<UserId, String> {
    let mut out = BTreeMap::new();
    for &u in users {
        if let Ok(Some(row)) = state.db.user(u).await {
            out.insert(u, row.name);
        }
    }
    out
}

/// `GET /api/leagues/{id}/matches/{m}`.
pub async fn one_match(state: &Events, id: u32, l: &League, m: &LeagueMatch) -> Value {
    let (home, away) = (l.lineup(m, true), l.lineup(m, false));
    let mut all: Vec<UserId> = home.iter().chain(&away).copied().collect();
    all.extend(m.boards.iter().flat_map(|b| [b.red, b.black]).flatten());
    let names = names(state, &all).await;
    let user = |u: Option<UserId>| {
        u.map_or(
            Value::Null,
            |u| json!({ "id": u, "name": names.get(&u).map(String::as_str).unwrap_or("") }),
        )
    };
    let lineup = |v: &[UserId]| v.iter().map(|u| user(Some(*u))).collect::<Vec<_>>();
    let boards: Vec<Value> = (0..l.config.boards)
        .map(|b| {
            let board = m.boards.get(usize::from(b));
            json!({
                "board": b + 1,
                "table": board.map(|_| table_of(id, m.id, b)),
                "red": user(board.and_then(|x| x.red)),
                "black": user(board.and_then(|x| x.black)),
                "result": board.and_then(|x| x.result),
            })
        })
        .collect();
    let mut v = match_line(l, m);
    v["opens"] = json!(m.opens);
    v["closes"] = json!(m.closes);
    v["default_at"] = json!(m.default_at);
    v["appointment"] = json!(m.appointment);
    v["lineups"] = json!({ "home": lineup(&home), "away": lineup(&away) });
    v["boards"] = json!(boards);
    v
}
