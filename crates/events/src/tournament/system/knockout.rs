//! The knockout's collaborator: each match's game in progress is due (with its stage's clock —
//! the regular games on the event's control, then the core's rapid, blitz and sudden-death
//! games); a new round opens `round_gap_secs` after the last match of the one before is
//! decided, while a match's next game opens at once. A game's table id holds
//! `round · GAMES_PER_MATCH + game` (round 0: the third-place match) and the match's place in
//! its round. The standings place players by how far they went.

use super::{Command, CoreEvent, Due, Rules};
use crate::tournament::view::{
    board_of, result_text, table_of, BoardView, BracketRoundView, MatchGameView, MatchView,
    PlayerView, RoundView,
};
use platform::tournament::knockout::{
    Knockout, KnockoutCommand, KnockoutEvent, Match, MatchId, StageKind,
};
use platform::tournament::swiss::Phase;
use platform::tournament::{GameResult, Row, TieBreak, TournamentError};
use platform::{Millis, TableId, UserId};

/// Most games one match may need (the table id keeps `round · GAMES_PER_MATCH + game` below
/// 1000).
pub const GAMES_PER_MATCH: u32 = 50;

/// The table of game `game` (from 0) of match `id`.
fn table_at(event: u64, id: MatchId, game: usize) -> TableId {
    table_of(
        event,
        id.round * GAMES_PER_MATCH + game as u32,
        id.board as usize,
    )
}

/// Every match with its id: the rounds in order, then the third-place match.
fn matches(k: &Knockout) -> Vec<(MatchId, &Match)> {
    let mut out: Vec<(MatchId, &Match)> = Vec::new();
    for (r, round) in k.rounds.iter().enumerate() {
        for (b, m) in round.iter().enumerate() {
            let id = MatchId {
                round: r as u32 + 1,
                board: b as u32,
            };
            out.push((id, m));
        }
    }
    if let Some(m) = &k.third_place {
        out.push((MatchId { round: 0, board: 0 }, m));
    }
    out
}

fn stage_name(k: StageKind) -> &'static str {
    match k {
        StageKind::Regular => "regular",
        StageKind::Rapid => "rapid",
        StageKind::Blitz => "blitz",
        StageKind::SuddenDeath => "sudden_death",
    }
}

impl Rules for Knockout {
    fn phase(&self) -> Phase {
        match (self.rounds.is_empty(), self.winner) {
            (_, Some(_)) => Phase::Finished,
            (true, None) => Phase::Registration,
            (false, None) => Phase::Running,
        }
    }

    fn players(&self) -> Vec<PlayerView> {
        super::player_views(&self.players, &self.withdrawn)
    }

    fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<CoreEvent>, TournamentError> {
        let Command::Knockout(cmd) = cmd else {
            return Err(TournamentError::NoSuchGame);
        };
        let events = Knockout::apply(self, cmd, now)?;
        Ok(events.into_iter().map(CoreEvent::Knockout).collect())
    }

    fn register(&self, user: UserId, rating: u32) -> Command {
        Command::Knockout(KnockoutCommand::Register { user, rating })
    }

    fn withdraw(&self, user: UserId) -> Command {
        Command::Knockout(KnockoutCommand::Withdraw { user })
    }

    fn start(&self) -> Command {
        Command::Knockout(KnockoutCommand::Start)
    }

    fn due(&self, event: u64) -> Vec<Due> {
        let stages = &self.config.format.stages;
        matches(self)
            .into_iter()
            .filter(|(_, m)| m.winner.is_none())
            .filter_map(|(id, m)| {
                let i = m.games.len().checked_sub(1)?;
                let g = m.games.get(i).filter(|g| g.result.is_none())?;
                Some(Due {
                    table: table_at(event, id, i),
                    red: g.red,
                    black: g.black,
                    control: stages.get(g.stage).map(|s| s.spec.red.clone()),
                    black_control: stages
                        .get(g.stage)
                        .filter(|s| s.spec.black != s.spec.red)
                        .map(|s| s.spec.black.clone()),
                })
            })
            .collect()
    }

    fn result_at(&self, event: u64, table: TableId, result: GameResult) -> Option<Command> {
        let (e, part, board) = board_of(table)?;
        let id = MatchId {
            round: part / GAMES_PER_MATCH,
            board: u32::try_from(board).ok()?,
        };
        let game = (part % GAMES_PER_MATCH) as usize;
        let m = self.match_at(id).filter(|_| e == event)?;
        let last = m.games.len().checked_sub(1).filter(|&i| i == game)?;
        m.games.get(last).filter(|g| g.result.is_none())?;
        Some(Command::Knockout(KnockoutCommand::RecordGame {
            id,
            result,
        }))
    }

    fn rests_after(&self, events: &[CoreEvent]) -> bool {
        events.iter().any(|e| {
            matches!(e, CoreEvent::Knockout(KnockoutEvent::RoundStarted { round, .. }) if *round != 1)
        })
    }

    /// Places by how far each player went: the champion, the finalist, the third-place match's
    /// winner and loser, then each earlier round's losers sharing a place; points are matches won.
    fn standings(&self) -> Vec<Row> {
        let all = matches(self);
        let key = |u: UserId| {
            let champion = self.winner == Some(u);
            let reached = all
                .iter()
                .filter(|(id, m)| id.round > 0 && (m.high == Some(u) || m.low == Some(u)))
                .map(|(id, _)| id.round)
                .max()
                .unwrap_or(0);
            let third = self.third_place.as_ref().map_or(0, |m| match m.winner {
                Some(w) if w == u => 2,
                Some(_) if m.high == Some(u) || m.low == Some(u) => 1,
                _ => 0,
            });
            (champion, reached, third)
        };
        let wins = |u: UserId| {
            all.iter()
                .filter(|(_, m)| m.winner == Some(u) && m.high.is_some() && m.low.is_some())
                .count() as u32
        };
        let seed = |u: UserId| {
            self.seeds
                .iter()
                .position(|&s| s == u)
                .unwrap_or(usize::MAX)
        };
        let mut users: Vec<UserId> = self.players.iter().map(|p| p.0).collect();
        users.sort_by(|&a, &b| key(b).cmp(&key(a)).then(seed(a).cmp(&seed(b))));
        users
            .iter()
            .map(|&u| Row {
                rank: 1 + users.iter().filter(|&&o| key(o) > key(u)).count() as u32,
                user: u,
                points: wins(u),
                tiebreaks: Vec::new(),
            })
            .collect()
    }

    fn tiebreaks(&self) -> Vec<TieBreak> {
        Vec::new()
    }

    fn rounds(&self, event: u64) -> Vec<RoundView> {
        let mut out: Vec<RoundView> = Vec::new();
        for (id, m) in matches(self) {
            if out.last().is_none_or(|r| r.number != id.round) {
                out.push(RoundView {
                    number: id.round,
                    boards: Vec::new(),
                });
            }
            let Some(r) = out.last_mut() else { continue };
            for (i, g) in m.games.iter().enumerate() {
                r.boards.push(BoardView {
                    red: g.red,
                    black: Some(g.black),
                    table: Some(table_at(event, id, i)),
                    result: g.result.map(|r| result_text(r).to_owned()),
                });
            }
        }
        out
    }

    fn bracket(&self, event: u64) -> Option<Vec<BracketRoundView>> {
        let stages = &self.config.format.stages;
        let mut out: Vec<BracketRoundView> = Vec::new();
        for (id, m) in matches(self) {
            if out.last().is_none_or(|r| r.round != id.round) {
                out.push(BracketRoundView {
                    round: id.round,
                    matches: Vec::new(),
                });
            }
            let Some(r) = out.last_mut() else { continue };
            r.matches.push(MatchView {
                high: m.high,
                low: m.low,
                winner: m.winner,
                games: m
                    .games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| MatchGameView {
                        red: g.red,
                        black: g.black,
                        stage: stages
                            .get(g.stage)
                            .map_or("regular", |s| stage_name(s.kind))
                            .to_owned(),
                        draw_odds_black: stages
                            .get(g.stage)
                            .is_some_and(|s| s.spec.draw_odds_black),
                        table: table_at(event, id, i),
                        result: g.result.map(|r| result_text(r).to_owned()),
                    })
                    .collect(),
            });
        }
        Some(out)
    }
}
