//! [`Roster`]: a team's captain and members in join order, and the operations on it: join,
//! leave, kick, captain transfer. The captain is always a member; the captain cannot leave while
//! others remain, and a captain leaving alone dissolves the team.

use super::TeamError;
use crate::UserId;

/// The most members a team may have (the captain included).
pub const MAX_TEAM_MEMBERS: usize = 16;

/// A team's members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// The captain, always one of `members`.
    pub captain: UserId,
    /// The members in join order (the default board order of a league match).
    pub members: Vec<UserId>,
    /// Whether anyone may join (the captain may close the team).
    pub open: bool,
}

/// What a member leaving did to the team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    /// The member left; the team goes on.
    Left,
    /// The captain left alone: the team is dissolved.
    Dissolved,
}

impl Roster {
    /// A new, open team whose only member is its captain.
    #[must_use]
    pub fn new(captain: UserId) -> Roster {
        Roster {
            captain,
            members: vec![captain],
            open: true,
        }
    }

    /// Whether `user` is a member.
    #[must_use]
    pub fn is_member(&self, user: UserId) -> bool {
        self.members.contains(&user)
    }

    /// `user` joins at the end of the order.
    ///
    /// # Errors
    /// [`TeamError::AlreadyMember`], [`TeamError::Closed`] or [`TeamError::Full`].
    pub fn join(&mut self, user: UserId) -> Result<(), TeamError> {
        if self.is_member(user) {
            return Err(TeamError::AlreadyMember);
        }
        if !self.open {
            return Err(TeamError::Closed);
        }
        if self.members.len() >= MAX_TEAM_MEMBERS {
            return Err(TeamError::Full);
        }
        self.members.push(user);
        Ok(())
    }

    /// `user` leaves. The captain may leave only when alone, which dissolves the team.
    ///
    /// # Errors
    /// [`TeamError::NotMember`] or [`TeamError::CaptainMustTransfer`].
    pub fn leave(&mut self, user: UserId) -> Result<Departure, TeamError> {
        if !self.is_member(user) {
            return Err(TeamError::NotMember);
        }
        if user == self.captain {
            if self.members.len() > 1 {
                return Err(TeamError::CaptainMustTransfer);
            }
            self.members.clear();
            return Ok(Departure::Dissolved);
        }
        self.members.retain(|&m| m != user);
        Ok(Departure::Left)
    }

    /// The captain `by` removes `user`.
    ///
    /// # Errors
    /// [`TeamError::NotCaptain`], [`TeamError::KickSelf`] or [`TeamError::NotMember`].
    pub fn kick(&mut self, by: UserId, user: UserId) -> Result<(), TeamError> {
        if by != self.captain {
            return Err(TeamError::NotCaptain);
        }
        if user == by {
            return Err(TeamError::KickSelf);
        }
        if !self.is_member(user) {
            return Err(TeamError::NotMember);
        }
        self.members.retain(|&m| m != user);
        Ok(())
    }

    /// The captain `by` hands the captaincy to the member `to`.
    ///
    /// # Errors
    /// [`TeamError::NotCaptain`], [`TeamError::AlreadyCaptain`] or [`TeamError::NotMember`].
    pub fn transfer(&mut self, by: UserId, to: UserId) -> Result<(), TeamError> {
        if by != self.captain {
            return Err(TeamError::NotCaptain);
        }
        if to == by {
            return Err(TeamError::AlreadyCaptain);
        }
        if !self.is_member(to) {
            return Err(TeamError::NotMember);
        }
        self.captain = to;
        Ok(())
    }

    /// The captain `by` opens or closes the team to new members.
    ///
    /// # Errors
    /// [`TeamError::NotCaptain`].
    pub fn set_open(&mut self, by: UserId, open: bool) -> Result<(), TeamError> {
        if by != self.captain {
            return Err(TeamError::NotCaptain);
        }
        self.open = open;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAP: UserId = UserId(1);

    fn team(n: u64) -> Roster {
        let mut r = Roster::new(CAP);
        for u in 2..=n {
            r.join(UserId(u)).expect("joins");
        }
        r
    }

    #[test]
    fn members_join_in_order_up_to_the_limit() {
        let mut r = team(3);
        assert_eq!(r.members, vec![UserId(1), UserId(2), UserId(3)]);
        assert_eq!(r.join(UserId(2)), Err(TeamError::AlreadyMember));
        let mut full = team(MAX_TEAM_MEMBERS as u64);
        let before = full.clone();
        assert_eq!(full.join(UserId(99)), Err(TeamError::Full));
        assert_eq!(full, before, "a refusal changes nothing");
        r.set_open(CAP, false).expect("captain closes");
        assert_eq!(r.join(UserId(9)), Err(TeamError::Closed));
        assert_eq!(r.set_open(UserId(2), true), Err(TeamError::NotCaptain));
    }

    #[test]
    fn the_captain_leaves_last_and_alone_dissolves() {
        let mut r = team(2);
        assert_eq!(r.leave(CAP), Err(TeamError::CaptainMustTransfer));
        assert_eq!(r.leave(UserId(7)), Err(TeamError::NotMember));
        assert_eq!(r.leave(UserId(2)), Ok(Departure::Left));
        assert_eq!(r.leave(CAP), Ok(Departure::Dissolved));
        assert!(r.members.is_empty());
    }

    #[test]
    fn only_the_captain_kicks_and_transfers() {
        let mut r = team(3);
        assert_eq!(r.kick(UserId(2), UserId(3)), Err(TeamError::NotCaptain));
        assert_eq!(r.kick(CAP, CAP), Err(TeamError::KickSelf));
        assert_eq!(r.kick(CAP, UserId(8)), Err(TeamError::NotMember));
        r.kick(CAP, UserId(3)).expect("kicked");
        assert_eq!(r.members, vec![CAP, UserId(2)]);
        assert_eq!(r.transfer(UserId(2), UserId(2)), Err(TeamError::NotCaptain));
        assert_eq!(r.transfer(CAP, CAP), Err(TeamError::AlreadyCaptain));
        assert_eq!(r.transfer(CAP, UserId(3)), Err(TeamError::NotMember));
        r.transfer(CAP, UserId(2)).expect("handed over");
        assert_eq!(r.captain, UserId(2));
        assert_eq!(
            r.leave(CAP),
            Ok(Departure::Left),
            "the old captain may now leave"
        );
        assert_eq!(r.members, vec![UserId(2)]);
    }
}
