//! Views of a Swiss's history: the Dutch pairer's input (pairing numbers by rating) and the
//! standings record.

use super::dutch::{DutchInput, DutchPlayer, EntryKind, RoundEntry};
use super::model::{Entrant, Swiss};
use super::trf::{write_trf, TrfMeta};
use crate::ids::UserId;
use crate::tournament::{ByeKind, PlayerResult, Record, RecordedGame};
use xiangqi::Color;

impl Swiss {
    /// Entrants in pairing-number order: rating, highest first, then registration order.
    #[must_use]
    pub fn pairing_order(&self) -> Vec<&Entrant> {
        let mut v: Vec<(usize, &Entrant)> = self.entrants.iter().enumerate().collect();
        v.sort_by(|a, b| b.1.rating.cmp(&a.1.rating).then(a.0.cmp(&b.0)));
        v.into_iter().map(|x| x.1).collect()
    }

    /// What `e` scored in round `round` without a game (not on any board).
    fn missed(e: &Entrant, round: u32) -> ByeKind {
        if round + 1 == e.first_round {
            ByeKind::Half
        } else {
            ByeKind::Zero
        }
    }

    /// The Dutch pairer's input for the next round.
    #[must_use]
    pub fn dutch_input(&self) -> DutchInput {
        let order = self.pairing_order();
        let number = |u: UserId| order.iter().position(|e| e.user == u).map(|i| i as u32 + 1);
        let players = order
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let rounds = self
                    .rounds
                    .iter()
                    .map(|r| match r.board_of(e.user) {
                        Some(b) => {
                            let Some(black) = b.black else {
                                return RoundEntry {
                                    kind: EntryKind::PairingBye,
                                    opponent: None,
                                    white: None,
                                    points: 10,
                                };
                            };
                            let side = if b.red == e.user {
                                Color::Red
                            } else {
                                Color::Black
                            };
                            let opp = if side == Color::Red { black } else { b.red };
                            let res = b.result.map(|g| g.for_side(side));
                            let (kind, points) = match res {
                                Some(PlayerResult::Win) => (EntryKind::Played, 10),
                                Some(PlayerResult::Draw) => (EntryKind::Played, 5),
                                Some(PlayerResult::Loss) => (EntryKind::Played, 0),
                                Some(PlayerResult::ForfeitWin) => (EntryKind::ForfeitWin, 10),
                                Some(PlayerResult::ForfeitLoss) | None => {
                                    (EntryKind::ForfeitLoss, 0)
                                }
                            };
                            RoundEntry {
                                kind,
                                opponent: number(opp),
                                white: Some(side == Color::Red),
                                points,
                            }
                        }
                        None => match Swiss::missed(e, r.number) {
                            ByeKind::Half => RoundEntry {
                                kind: EntryKind::HalfBye,
                                opponent: None,
                                white: None,
                                points: 5,
                            },
                            _ => RoundEntry {
                                kind: EntryKind::ZeroBye,
                                opponent: None,
                                white: None,
                                points: 0,
                            },
                        },
                    })
                    .collect();
                DutchPlayer {
                    number: i as u32 + 1,
                    rounds,
                    present: !e.withdrawn,
                }
            })
            .collect();
        let forbidden = self
            .forbidden
            .iter()
            .filter_map(|&(a, b)| Some((number(a)?, number(b)?)))
            .collect();
        DutchInput {
            players,
            total_rounds: self.config.rounds,
            forbidden,
            first_white: self.config.top_seed_red,
        }
    }

    /// The FIDE TRF of the event as it stands before pairing the next round, for audit.
    #[must_use]
    pub fn to_trf(&self, name: &str) -> String {
        self.to_trf_named(name, &|u| format!("user {}", u.0))
    }

    /// The same with each player's name from `names`.
    #[must_use]
    pub fn to_trf_named(&self, name: &str, names: &dyn Fn(UserId) -> String) -> String {
        let order = self.pairing_order();
        let meta = TrfMeta {
            name: name.to_string(),
            player_names: order.iter().map(|e| names(e.user)).collect(),
            ratings: order.iter().map(|e| e.rating).collect(),
        };
        write_trf(&self.dutch_input(), &meta)
    }

    /// Everything the standings depend on.
    #[must_use]
    pub fn record(&self) -> Record {
        let mut rec = Record {
            players: self.entrants.iter().map(|e| (e.user, e.rating)).collect(),
            fouls: self.fouls.clone(),
            ..Record::default()
        };
        for r in &self.rounds {
            for b in &r.boards {
                match (b.black, b.result) {
                    (None, _) => rec.byes.push((r.number, b.red, ByeKind::Pairing)),
                    (Some(black), Some(result)) => rec.games.push(RecordedGame {
                        round: r.number,
                        red: b.red,
                        black,
                        result,
                        ended_at: b.ended_at,
                    }),
                    _ => {}
                }
            }
            for e in &self.entrants {
                if r.board_of(e.user).is_none() && Swiss::missed(e, r.number) == ByeKind::Half {
                    rec.byes.push((r.number, e.user, ByeKind::Half));
                }
            }
        }
        rec
    }
}
