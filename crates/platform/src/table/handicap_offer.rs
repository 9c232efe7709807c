//! Agreeing on a handicap between games: a seated player proposes one (naming the giver), the
//! other accepts or declines; the agreed handicap holds for the following games until either
//! player drops it or a seat changes hands.

use super::error::TableError;
use super::event::Event;
use super::handicap::Handicap;
use super::handicap_terms::{AgreedHandicap, HandicapProposal};
use super::model::Table;
use crate::ids::UserId;
use xiangqi::Color;

impl Table {
    /// The seat of `user` when no game is in progress and both seats are taken.
    fn paired_seat(&self, user: UserId) -> Result<Color, TableError> {
        let color = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if self.is_playing() {
            return Err(TableError::GameInProgress);
        }
        if self.seat(!color).is_none() {
            return Err(TableError::NoOpponent);
        }
        Ok(color)
    }

    pub(crate) fn propose_handicap(
        &mut self,
        user: UserId,
        handicap: Handicap,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let by = self.paired_seat(user)?;
        let start = handicap
            .start(&self.config.start)
            .map_err(TableError::InvalidHandicap)?;
        if super::referee::Referee::start_ruling(&start, self.config.rules).is_some() {
            return Err(TableError::FinishedStart);
        }
        self.unready_all(events);
        self.handicap_proposal = Some(HandicapProposal {
            by,
            offer: AgreedHandicap {
                handicap: handicap.clone(),
                start,
            },
        });
        events.push(Event::HandicapProposed { by, handicap });
        Ok(())
    }

    pub(crate) fn accept_handicap(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let color = self.paired_seat(user)?;
        let p = self
            .handicap_proposal
            .as_ref()
            .ok_or(TableError::NoProposal)?;
        if p.by == color {
            return Err(TableError::OwnProposal);
        }
        let offer = p.offer.clone();
        self.handicap_proposal = None;
        events.push(Event::HandicapSet(Some(offer.handicap.clone())));
        self.handicap = Some(offer);
        Ok(())
    }

    /// Declines the other's proposal or withdraws one's own; with none pending, drops the
    /// agreed handicap (either player may go back to even games alone).
    pub(crate) fn decline_handicap(
        &mut self,
        user: UserId,
        events: &mut Vec<Event>,
    ) -> Result<(), TableError> {
        let by = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if self.is_playing() {
            return Err(TableError::GameInProgress);
        }
        if self.handicap_proposal.take().is_some() {
            events.push(Event::HandicapDeclined { by });
        } else if self.handicap.take().is_some() {
            self.unready_all(events);
            events.push(Event::HandicapSet(None));
        } else {
            return Err(TableError::NoProposal);
        }
        Ok(())
    }

    /// A seat changed hands: the agreed handicap and any proposal lapse.
    pub(crate) fn drop_handicap(&mut self, events: &mut Vec<Event>) {
        self.handicap_proposal = None;
        if self.handicap.take().is_some() {
            events.push(Event::HandicapSet(None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Command, Event, HandicapKind, TableConfig, TableError};
    use super::*;
    use crate::ids::{Millis, TableId};

    const RED: UserId = UserId(1);
    const BLACK: UserId = UserId(2);

    fn seated() -> Table {
        let mut t = Table::new(TableId(1), TableConfig::default()).unwrap();
        t.apply(Command::new(RED, Action::Sit(Color::Red)), Millis(0))
            .unwrap();
        t.apply(Command::new(BLACK, Action::Sit(Color::Black)), Millis(0))
            .unwrap();
        t
    }

    fn act(t: &mut Table, user: UserId, a: Action) -> Result<Vec<Event>, TableError> {
        let r = t.apply(Command::new(user, a), Millis(1));
        assert_eq!(t.invariant_violation(), None);
        r
    }

    fn horse() -> Handicap {
        Handicap::new(Color::Red, HandicapKind::Horse)
    }

    #[test]
    fn accepted_handicap_starts_the_game_from_its_position() {
        let mut t = seated();
        act(&mut t, RED, Action::Ready(true)).unwrap();
        let ev = act(&mut t, RED, Action::ProposeHandicap(horse())).unwrap();
        assert!(ev.contains(&Event::Ready {
            color: Color::Red,
            ready: false
        }));
        assert!(ev.contains(&Event::HandicapProposed {
            by: Color::Red,
            handicap: horse()
        }));
        // No start while it is pending; the proposer cannot accept it.
        assert_eq!(
            act(&mut t, BLACK, Action::Ready(true)),
            Err(TableError::ProposalPending)
        );
        assert_eq!(
            act(&mut t, RED, Action::AcceptHandicap),
            Err(TableError::OwnProposal)
        );
        let ev = act(&mut t, BLACK, Action::AcceptHandicap).unwrap();
        assert_eq!(ev, vec![Event::HandicapSet(Some(horse()))]);
        assert_eq!(t.handicap().map(|a| &a.handicap), Some(&horse()));
        act(&mut t, RED, Action::Ready(true)).unwrap();
        act(&mut t, BLACK, Action::Ready(true)).unwrap();
        let g = t.game().unwrap();
        assert_eq!(g.handicap(), Some(&horse()));
        assert!(g.start_position().fen().ends_with("R1BAKABNR w - - 0 1"));
        assert_eq!(g.position().fen(), g.start_position().fen());
        // The b0 horse is gone: b0c2 is not a move.
        let mv = "b0c2".parse().unwrap();
        assert_eq!(
            act(&mut t, RED, Action::Move { mv, lag: Millis(0) }),
            Err(TableError::IllegalMove(mv))
        );
        // Not during the game.
        assert_eq!(
            act(&mut t, BLACK, Action::DeclineHandicap),
            Err(TableError::GameInProgress)
        );
    }

    #[test]
    fn declined_withdrawn_dropped_and_lapsed() {
        let mut t = seated();
        act(&mut t, RED, Action::ProposeHandicap(horse())).unwrap();
        let ev = act(&mut t, BLACK, Action::DeclineHandicap).unwrap();
        assert_eq!(ev, vec![Event::HandicapDeclined { by: Color::Black }]);
        assert_eq!(t.handicap(), None);
        assert_eq!(
            act(&mut t, BLACK, Action::AcceptHandicap),
            Err(TableError::NoProposal)
        );
        // Agreed, then dropped by the receiver alone.
        act(&mut t, RED, Action::ProposeHandicap(horse())).unwrap();
        act(&mut t, BLACK, Action::AcceptHandicap).unwrap();
        let ev = act(&mut t, BLACK, Action::DeclineHandicap).unwrap();
        assert_eq!(ev, vec![Event::HandicapSet(None)]);
        // Agreed, then a player stands: it lapses; alone, no proposal.
        act(&mut t, RED, Action::ProposeHandicap(horse())).unwrap();
        act(&mut t, BLACK, Action::AcceptHandicap).unwrap();
        let ev = act(&mut t, BLACK, Action::Stand).unwrap();
        assert!(ev.contains(&Event::HandicapSet(None)));
        assert_eq!(t.handicap(), None);
        assert_eq!(
            act(&mut t, RED, Action::ProposeHandicap(horse())),
            Err(TableError::NoOpponent)
        );
        assert_eq!(
            act(&mut t, UserId(3), Action::ProposeHandicap(horse())),
            Err(TableError::NotSeated)
        );
    }

    #[test]
    fn impossible_handicaps_are_refused_and_change_nothing() {
        let mut t = seated();
        let none = Handicap::new(Color::Black, HandicapKind::FirstMove);
        assert!(matches!(
            act(&mut t, BLACK, Action::ProposeHandicap(none)),
            Err(TableError::InvalidHandicap(_))
        ));
        // A position with no legal move for the side to move (Red king boxed in and checked).
        let mated = "3k5/9/9/9/9/9/9/9/3r5/3rK4 w - - 0 1";
        let h = Handicap::new(Color::Red, HandicapKind::Position(mated.into()));
        let r = act(&mut t, RED, Action::ProposeHandicap(h));
        assert!(r.is_err(), "{r:?}");
        assert!(t.handicap_proposal().is_none());
    }

    #[test]
    fn first_move_handicap_lets_black_open() {
        let mut t = seated();
        let h = Handicap::new(Color::Red, HandicapKind::FirstMove);
        act(&mut t, RED, Action::ProposeHandicap(h)).unwrap();
        act(&mut t, BLACK, Action::AcceptHandicap).unwrap();
        act(&mut t, RED, Action::Ready(true)).unwrap();
        act(&mut t, BLACK, Action::Ready(true)).unwrap();
        assert_eq!(t.game().unwrap().turn(), Color::Black);
        let mv = "h7e7".parse().unwrap();
        act(&mut t, BLACK, Action::Move { mv, lag: Millis(0) }).unwrap();
        assert_eq!(t.game().unwrap().ply(), 1);
    }
}
