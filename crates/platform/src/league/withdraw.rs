//! A team's withdrawal (退赛), by its captain or an administrator. Before the season starts it
//! simply leaves. During the season: if it has played fewer than half of its matches, all its
//! results are voided (its matches are struck out, as if it had never entered); otherwise its
//! remaining matches are forfeited, every open board lost by its player (the opponent takes
//! 2 game points a board). Either way it is out of the next season (docs/leagues.md).

use super::command::{LeagueError, LeagueEvent};
use super::schedule::{red_is_home, MatchId};
use super::score::BoardResult;
use super::state::{Board, League, Phase};
use super::TeamId;
use crate::UserId;

impl League {
    /// Team `team` withdraws (asked by its captain `by`, or by an administrator: `None`).
    pub(super) fn withdraw(
        &mut self,
        team: TeamId,
        by: Option<UserId>,
    ) -> Result<Vec<LeagueEvent>, LeagueError> {
        let t = self.teams.get(&team).ok_or(LeagueError::NoTeam)?;
        if by.is_some_and(|u| u != t.captain) {
            return Err(LeagueError::NotCaptain);
        }
        if self.withdrawn.contains(&team) {
            return Err(LeagueError::WrongPhase("the team has withdrawn"));
        }
        match self.phase {
            Phase::Ended => Err(LeagueError::WrongPhase("the season has ended")),
            Phase::Entry => {
                for d in &mut self.divisions {
                    d.teams.retain(|x| *x != team);
                }
                self.teams.remove(&team);
                Ok(vec![LeagueEvent::Withdrew { team, voided: true }])
            }
            Phase::Running => Ok(self.withdraw_running(team)),
        }
    }

    fn withdraw_running(&mut self, team: TeamId) -> Vec<LeagueEvent> {
        self.withdrawn.push(team);
        let mine: Vec<MatchId> = self
            .matches
            .iter()
            .filter(|x| x.side_of(team).is_some())
            .map(|x| x.id)
            .collect();
        let played = self
            .matches
            .iter()
            .filter(|x| x.side_of(team).is_some() && x.score.is_some())
            .count();
        if played * 2 < mine.len() {
            self.matches.retain(|x| x.side_of(team).is_none());
            for d in &mut self.divisions {
                d.teams.retain(|x| *x != team);
            }
            let mut events = vec![LeagueEvent::Withdrew { team, voided: true }];
            events.extend(self.end_if_done());
            return events;
        }
        let mut events = vec![LeagueEvent::Withdrew {
            team,
            voided: false,
        }];
        for m in mine {
            events.extend(self.forfeit_for(m, team));
        }
        events
    }

    /// Every open board of match `m` lost by `team`'s side; the match then ends.
    fn forfeit_for(&mut self, m: MatchId, team: TeamId) -> Vec<LeagueEvent> {
        let boards = self.config.boards;
        let Some(x) = self.get_mut(m).filter(|x| x.score.is_none()) else {
            return Vec::new();
        };
        let Some(home) = x.side_of(team) else {
            return Vec::new();
        };
        if x.boards.is_empty() {
            x.boards = (0..boards)
                .map(|_| Board {
                    red: None,
                    black: None,
                    result: None,
                })
                .collect();
        }
        let mut events = Vec::new();
        for (i, b) in x.boards.iter_mut().enumerate() {
            let board = u8::try_from(i).unwrap_or(u8::MAX);
            if b.result.is_some() {
                continue;
            }
            let result = if red_is_home(board) == home {
                BoardResult::RedForfeit
            } else {
                BoardResult::BlackForfeit
            };
            b.result = Some(result);
            events.push(LeagueEvent::BoardEnded { m, board, result });
        }
        events.extend(self.settle(m));
        events
    }

    /// Ends the season if every match has its score.
    fn end_if_done(&mut self) -> Vec<LeagueEvent> {
        if self.matches.iter().all(|x| x.score.is_some()) {
            self.phase = Phase::Ended;
            vec![LeagueEvent::SeasonEnded {
                season: self.season,
            }]
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::league::{BoardResult as R, League, LeagueCommand as C, LeagueConfig};
    use crate::league::{LeagueError, LeagueEvent as E, Phase, TeamId};
    use crate::{Millis, UserId};

    /// A one-division single round robin of `n` teams on 2 boards, started at 0 (round r's
    /// match at `1_000·(r-1) + 500`).
    fn league(n: u64) -> League {
        let mut l = League::new(LeagueConfig {
            divisions: vec!["甲级".into()],
            boards: 2,
            double_round: false,
            round_every: Millis(1_000),
            window: Millis(900),
            default_at: Millis(500),
            no_show: Millis(10),
            board_deadline: Millis(100),
            remind_before: Millis::ZERO,
            ..LeagueConfig::default()
        });
        for t in 1..=n {
            let members = vec![UserId(10 * t), UserId(10 * t + 1)];
            let cmd = C::Enter {
                team: TeamId(t),
                name: format!("t{t}"),
                captain: members[0],
                members,
                division: None,
            };
            l.apply(cmd, Millis(0)).unwrap();
        }
        l.apply(C::Start, Millis(0)).unwrap();
        l
    }

    /// Plays round `r`: every board a draw.
    fn play_round(l: &mut League, r: u32) {
        let at = Millis(1_000 * u64::from(r - 1) + 500);
        l.apply(C::Tick, at).unwrap();
        let ms: Vec<_> = l
            .matches
            .iter()
            .filter(|x| x.round == r && x.score.is_none())
            .map(|x| x.id)
            .collect();
        for m in ms {
            for board in 0..2 {
                let cmd = C::Report {
                    m,
                    board,
                    result: R::Draw,
                };
                l.apply(cmd, at).unwrap();
            }
        }
    }

    #[test]
    fn only_its_captain_or_an_admin_withdraws_a_team_once() {
        let mut l = league(4);
        let t = TeamId(1);
        let by = |u| C::Withdraw {
            team: t,
            by: Some(UserId(u)),
        };
        assert_eq!(l.apply(by(11), Millis(1)), Err(LeagueError::NotCaptain));
        assert_eq!(
            l.apply(
                C::Withdraw {
                    team: TeamId(9),
                    by: None
                },
                Millis(1)
            ),
            Err(LeagueError::NoTeam)
        );
        assert!(l.apply(by(10), Millis(1)).is_ok());
        let before = l.clone();
        assert!(l
            .apply(C::Withdraw { team: t, by: None }, Millis(1))
            .is_err());
        assert_eq!(l, before, "a refused withdrawal changes nothing");
    }

    #[test]
    fn fewer_than_half_played_voids_its_results() {
        let mut l = league(4);
        play_round(&mut l, 1);
        let t = TeamId(1);
        let e = l
            .apply(C::Withdraw { team: t, by: None }, Millis(600))
            .unwrap();
        assert_eq!(
            e,
            vec![E::Withdrew {
                team: t,
                voided: true
            }]
        );
        assert!(l.matches.iter().all(|x| x.side_of(t).is_none()));
        assert!(!l.divisions[0].teams.contains(&t));
        let s = l.standings(0);
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().map(|r| r.played).sum::<u32>(),
            1 + 1,
            "one match left standing"
        );
    }

    #[test]
    fn half_or_more_played_forfeits_the_rest() {
        let mut l = league(4);
        play_round(&mut l, 1);
        play_round(&mut l, 2);
        let t = TeamId(1);
        let e = l
            .apply(
                C::Withdraw {
                    team: t,
                    by: Some(UserId(10)),
                },
                Millis(1_600),
            )
            .unwrap();
        assert_eq!(
            e[0],
            E::Withdrew {
                team: t,
                voided: false
            }
        );
        let last = l
            .matches
            .iter()
            .find(|x| x.round == 3 && x.side_of(t).is_some())
            .expect("its round-3 match");
        let score = last.score.expect("forfeited");
        let (mine, theirs) = if last.home == t {
            (score.home_games, score.away_games)
        } else {
            (score.away_games, score.home_games)
        };
        assert_eq!((mine, theirs), (0, 4), "0:N on game points");
        assert!(last
            .boards
            .iter()
            .all(|b| b.result.is_some_and(R::is_forfeit)));
        // It stays in the table with its results, and is out of the next season.
        assert_eq!(l.standings(0).len(), 4);
        play_round(&mut l, 3);
        assert_eq!(l.phase, Phase::Ended);
        l.apply(C::NextSeason, Millis(3_000)).unwrap();
        assert!(!l.divisions[0].teams.contains(&t));
        assert!(!l.teams.contains_key(&t));
    }
}
