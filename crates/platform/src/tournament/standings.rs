//! Standings: a pure function of the results, ranked by points and the preset's tie-breaks.
//! Every row carries its tie-break values.

use super::result::GameResult;
use super::scoring::{Preset, TieBreak};
use crate::ids::{Millis, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use xiangqi::Color;

/// A value counted in halves, so that half points stay exact (`Halves(5)` is 2.5).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Halves(pub i64);

impl fmt::Display for Halves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", (self.0 - 1) / 2)
        }
    }
}

/// A finished game of the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedGame {
    /// Round (or bracket stage) number, from 1.
    pub round: u32,
    /// The Red player.
    pub red: UserId,
    /// The Black player.
    pub black: UserId,
    /// How it ended.
    pub result: GameResult,
    /// When it ended, where the system keeps it (for [`TieBreak::EarliestFinish`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<Millis>,
}

/// A round a player did not play a game in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// The pairing-allocated bye: scores a win (CXA 14.4).
    Pairing,
    /// A half-point bye (a late entrant's missed rounds): scores a draw.
    Half,
    /// Absent or withdrawn: scores a loss.
    Zero,
}

/// Everything standings depend on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Every player and their rating.
    pub players: Vec<(UserId, u32)>,
    /// Finished games.
    pub games: Vec<RecordedGame>,
    /// Byes: round, player, kind.
    pub byes: Vec<(u32, UserId, ByeKind)>,
    /// Fouls (犯规) called by the arbiter, per player.
    pub fouls: BTreeMap<UserId, u32>,
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// Rank from 1; players equal on points and every tie-break share a rank.
    pub rank: u32,
    /// The player.
    pub user: UserId,
    /// Points on the preset's scale.
    pub points: u32,
    /// The preset's tie-breaks in order, with this player's values.
    pub tiebreaks: Vec<(TieBreak, Halves)>,
}

/// Per player: (round, opponent or `None` for a bye, own points, side if played, won).
type Line = (u32, Option<UserId>, u32, Option<Color>, bool);

struct Facts {
    points: BTreeMap<UserId, u32>,
    rating: BTreeMap<UserId, u32>,
    /// Per player: (round, opponent or None for a bye, own points, side, result).
    games: BTreeMap<UserId, Vec<Line>>,
    min_nonzero: u32,
    /// The last round of the record.
    rounds: u32,
    /// Per player: when their last game or bye ended, as (round, instant or 0).
    finish: BTreeMap<UserId, (u32, u64)>,
}

fn facts(record: &Record, preset: &Preset) -> Facts {
    let s = preset.scale;
    let mut points: BTreeMap<UserId, u32> = record.players.iter().map(|p| (p.0, 0)).collect();
    let mut games: BTreeMap<UserId, Vec<_>> = BTreeMap::new();
    let mut finish: BTreeMap<UserId, (u32, u64)> = BTreeMap::new();
    let mut finished = |u: UserId, at: (u32, u64)| {
        let f = finish.entry(u).or_default();
        *f = (*f).max(at);
    };
    for g in &record.games {
        let at = (g.round, g.ended_at.map_or(0, |t| t.0));
        finished(g.red, at);
        finished(g.black, at);
        for (side, me, opp) in [(Color::Red, g.red, g.black), (Color::Black, g.black, g.red)] {
            let r = g.result.for_side(side);
            let p = s.points(r);
            *points.entry(me).or_default() += p;
            let played = g.result.is_played().then_some(side);
            games
                .entry(me)
                .or_default()
                .push((g.round, Some(opp), p, played, r.is_win()));
        }
    }
    for &(round, user, kind) in &record.byes {
        let p = match kind {
            ByeKind::Pairing => s.win,
            ByeKind::Half => s.draw,
            ByeKind::Zero => s.loss,
        };
        *points.entry(user).or_default() += p;
        finished(user, (round, 0));
        let entry = games.entry(user).or_default();
        entry.push((round, None, p, None, kind == ByeKind::Pairing));
        let _ = entry;
    }
    let min_nonzero = points
        .values()
        .copied()
        .filter(|&p| p > 0)
        .min()
        .unwrap_or(0);
    let rating = record.players.iter().copied().collect();
    let rounds = games
        .values()
        .flat_map(|g| g.iter().map(|l| l.0))
        .max()
        .unwrap_or(0);
    Facts {
        points,
        rating,
        games,
        min_nonzero,
        rounds,
        finish,
    }
}

/// Per round 1..=`rounds`, the points `games` scored in it.
fn per_round(games: &[Line], rounds: u32) -> Vec<i64> {
    let mut out = vec![0i64; rounds as usize];
    for g in games {
        if let Some(slot) = (g.0 as usize).checked_sub(1).and_then(|i| out.get_mut(i)) {
            *slot += i64::from(g.2);
        }
    }
    out
}

/// The sort keys of the last-resort tie-breaks (several per player), in halves; `None` for
/// the others, which have one value.
fn last_resort(t: TieBreak, games: &[Line], rounds: u32) -> Option<Vec<i64>> {
    let by_round = per_round(games, rounds);
    match t {
        TieBreak::EarlierRounds => Some(by_round.iter().rev().map(|p| 2 * p).collect()),
        TieBreak::ProgressiveCut => Some(
            (1..by_round.len().max(1))
                .map(|cut| {
                    let mut run = 0i64;
                    by_round[cut..]
                        .iter()
                        .map(|p| {
                            run += p;
                            2 * run
                        })
                        .sum()
                })
                .collect(),
        ),
        _ => None,
    }
}

/// The sort keys of tie-break `t` for `u` (one, except for the last resorts).
fn keys(
    t: TieBreak,
    u: UserId,
    group: &[UserId],
    f: &Facts,
    record: &Record,
    preset: &Preset,
) -> Vec<i64> {
    let games = f.games.get(&u).map(Vec::as_slice).unwrap_or(&[]);
    last_resort(t, games, f.rounds).unwrap_or_else(|| vec![value(t, u, group, f, record, preset)])
}

fn value(
    t: TieBreak,
    u: UserId,
    group: &[UserId],
    f: &Facts,
    record: &Record,
    preset: &Preset,
) -> i64 {
    let games = f.games.get(&u).map(Vec::as_slice).unwrap_or(&[]);
    let pts = |o: &UserId| i64::from(f.points.get(o).copied().unwrap_or(0));
    let win = i64::from(preset.scale.win.max(1));
    match t {
        TieBreak::OpponentScore => games
            .iter()
            .map(|g| match g.1 {
                Some(o) => 2 * pts(&o),
                None if g.4 => 2 * i64::from(f.min_nonzero),
                None => 0,
            })
            .sum(),
        TieBreak::SonnebornBerger => games
            .iter()
            .map(|g| {
                let opp = g.1.map_or(i64::from(f.min_nonzero), |o| pts(&o));
                // Own points / win points × opponent's score, in halves.
                2 * i64::from(g.2) * opp / win
            })
            .sum(),
        TieBreak::Progressive => {
            let mut by_round: Vec<(u32, u32)> = games.iter().map(|g| (g.0, g.2)).collect();
            by_round.sort_unstable();
            let mut run = 0i64;
            by_round
                .iter()
                .map(|&(_, p)| {
                    run += i64::from(p);
                    2 * run
                })
                .sum()
        }
        TieBreak::Wins => 2 * games.iter().filter(|g| g.4).count() as i64,
        TieBreak::HeadToHead => games
            .iter()
            .filter(|g| g.1.is_some_and(|o| o != u && group.contains(&o)))
            .map(|g| 2 * i64::from(g.2))
            .sum(),
        TieBreak::Fouls => 2 * i64::from(record.fouls.get(&u).copied().unwrap_or(0)),
        TieBreak::BlackGames => {
            2 * games.iter().filter(|g| g.3 == Some(Color::Black)).count() as i64
        }
        TieBreak::BlackWins => {
            2 * games
                .iter()
                .filter(|g| g.3 == Some(Color::Black) && g.4)
                .count() as i64
        }
        TieBreak::Performance => {
            let played: Vec<i64> = games
                .iter()
                .filter(|g| g.3.is_some())
                .filter_map(|g| {
                    let o = i64::from(f.rating.get(&g.1?).copied().unwrap_or(0));
                    let p = i64::from(g.2);
                    Some(if g.4 {
                        o + 500
                    } else if 2 * p >= win && p > 0 {
                        o
                    } else {
                        o - 500
                    })
                })
                .collect();
            if played.is_empty() {
                return 2 * i64::from(f.rating.get(&u).copied().unwrap_or(0));
            }
            2 * played.iter().sum::<i64>() / played.len() as i64
        }
        TieBreak::EarliestFinish => {
            let at = |o: &UserId| f.finish.get(o).copied().unwrap_or_default();
            let mine = at(&u);
            2 * (1 + group.iter().filter(|o| at(o) < mine).count() as i64)
        }
        TieBreak::EarlierRounds | TieBreak::ProgressiveCut => {
            last_resort(t, games, f.rounds).map_or(0, |k| k.first().copied().unwrap_or(0))
        }
    }
}

/// The standings of `record` under `preset`.
#[must_use]
pub fn standings(record: &Record, preset: &Preset) -> Vec<Row> {
    let f = facts(record, preset);
    let mut rows: Vec<(UserId, Vec<i64>)> = f
        .points
        .iter()
        .map(|(&u, &p)| (u, vec![i64::from(p)]))
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut shown: BTreeMap<UserId, Vec<(TieBreak, Halves)>> = BTreeMap::new();
    for &t in &preset.order {
        let mut start = 0;
        while start < rows.len() {
            let mut end = start + 1;
            while end < rows.len() && rows[end].1 == rows[start].1 {
                end += 1;
            }
            let group: Vec<UserId> = rows[start..end].iter().map(|r| r.0).collect();
            for r in &mut rows[start..end] {
                let k = keys(t, r.0, &group, &f, record, preset);
                let v = k.first().copied().unwrap_or(0);
                shown.entry(r.0).or_default().push((t, Halves(v)));
                let sign = if t.higher_is_better() { 1 } else { -1 };
                r.1.extend(k.iter().map(|x| sign * x));
            }
            rows[start..end].sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            start = end;
        }
    }
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    for (i, (u, keys)) in rows.iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if i > 0 && rows[i - 1].1 == *keys => prev.rank,
            _ => i as u32 + 1,
        };
        out.push(Row {
            rank,
            user: *u,
            points: keys[0] as u32,
            tiebreaks: shown.remove(u).unwrap_or_default(),
        });
    }
    out
}
