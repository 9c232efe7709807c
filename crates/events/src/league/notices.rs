//! What captains and players hear: each league event that concerns them becomes a private
//! `league_notice`, stored (`GET /api/me/notices`) and pushed to their connections.

use super::actor::Director;
use super::table_ids::table_of;
use platform::league::{LeagueEvent, MatchId};
use platform::UserId;
use protocol::league::LeagueNotice;
use protocol::ServerMsg;

impl Director {
    async fn notify(&self, user: UserId, notice: &LeagueNotice) {
        let msg = ServerMsg::LeagueNotice {
            league: self.id,
            notice,
        };
        tables::notices::send_kept(&self.state, user, &msg).await;
    }

    /// The two captains of match `m`.
    fn captains(&self, m: MatchId) -> Vec<UserId> {
        let Some(x) = self.league.get(m) else {
            return Vec::new();
        };
        [x.home, x.away]
            .iter()
            .filter_map(|t| self.league.teams.get(t).map(|t| t.captain))
            .collect()
    }

    /// The captains and both lineups' players of match `m`, each once.
    fn players(&self, m: MatchId) -> Vec<UserId> {
        let Some(x) = self.league.get(m) else {
            return Vec::new();
        };
        let mut all = self.captains(m);
        all.extend(self.league.lineup(x, true));
        all.extend(self.league.lineup(x, false));
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Tells those concerned by `e` (the league already changed by it).
    pub(super) async fn tell(&self, e: &LeagueEvent) {
        match e {
            LeagueEvent::Proposed { m, team, at } => {
                let n = LeagueNotice::Proposed {
                    m: m.0,
                    team: *team,
                    at: at.0,
                };
                for c in self.captains(*m) {
                    self.notify(c, &n).await;
                }
            }
            LeagueEvent::Agreed { m, at } => {
                let n = LeagueNotice::Agreed { m: m.0, at: at.0 };
                for c in self.captains(*m) {
                    self.notify(c, &n).await;
                }
            }
            LeagueEvent::MatchBegan { m } => {
                let Some(x) = self.league.get(*m) else {
                    return;
                };
                for (i, b) in x.boards.iter().enumerate() {
                    let board = u8::try_from(i).unwrap_or(u8::MAX);
                    let n = LeagueNotice::Began {
                        m: m.0,
                        board: board + 1,
                        table: table_of(self.id, *m, board),
                    };
                    for u in [b.red, b.black].into_iter().flatten() {
                        if b.result.is_none() {
                            self.notify(u, &n).await;
                        }
                    }
                }
            }
            LeagueEvent::BoardEnded { m, board, result } if result.is_forfeit() => {
                let Some(b) = self
                    .league
                    .get(*m)
                    .and_then(|x| x.boards.get(usize::from(*board)))
                else {
                    return;
                };
                let n = LeagueNotice::Forfeited {
                    m: m.0,
                    board: board + 1,
                    result: *result,
                };
                for u in [b.red, b.black].into_iter().flatten() {
                    self.notify(u, &n).await;
                }
            }
            LeagueEvent::Reminder { m, at } => {
                let n = LeagueNotice::Reminder { m: m.0, at: at.0 };
                for u in self.players(*m) {
                    self.notify(u, &n).await;
                }
            }
            LeagueEvent::LineupSet { m, team } => {
                let Some(x) = self.league.get(*m) else {
                    return;
                };
                let home = x.home == *team;
                let order = self.league.lineup(x, home);
                let n = LeagueNotice::LineupSet {
                    m: m.0,
                    team: *team,
                    order: order.clone(),
                };
                let members = self.league.teams.get(team).map(|t| t.members.clone());
                for u in members.unwrap_or_default() {
                    self.notify(u, &n).await;
                }
            }
            LeagueEvent::Withdrew { team, voided } => {
                let n = LeagueNotice::Withdrew {
                    team: *team,
                    voided: *voided,
                };
                let mut captains: Vec<UserId> =
                    self.league.teams.values().map(|t| t.captain).collect();
                captains.sort_unstable();
                captains.dedup();
                for c in captains {
                    self.notify(c, &n).await;
                }
            }
            LeagueEvent::MatchEnded { m, score } => {
                let n = LeagueNotice::Ended {
                    m: m.0,
                    score: *score,
                };
                for c in self.captains(*m) {
                    self.notify(c, &n).await;
                }
            }
            _ => {}
        }
    }
}
