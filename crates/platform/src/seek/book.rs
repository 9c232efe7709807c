//! The seek book: quick pairing, open seeks and challenges, accepted exactly once.

use super::model::{Pairing, Seek, SeekId, SeekKind, SeekSpec, Seeker};
use super::rules::SeekRules;
use crate::Millis;
use std::collections::BTreeMap;
use xiangqi::Color;

/// Why a seek command was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeekError {
    /// No such seek (taken, cancelled or expired).
    #[error("no such seek")]
    NotFound,
    /// One's own seek cannot be accepted.
    #[error("that is your own seek")]
    OwnSeek,
    /// A challenge to somebody else.
    #[error("this challenge is for another player")]
    NotForYou,
    /// Only the seeker may cancel a seek.
    #[error("not your seek")]
    NotYours,
    /// Guests play unrated games only.
    #[error("guests cannot play rated games")]
    GuestRated,
    /// A challenge to oneself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// The same quick seek is already waiting.
    #[error("you are already seeking this game")]
    AlreadySeeking,
    /// Too many seeks of this user, or in the whole book.
    #[error("too many seeks")]
    TooMany,
}

/// What a new seek came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeekOutcome {
    /// Paired at once with a waiting seek.
    Paired(Pairing),
    /// Waiting (and, unless a challenge, listed in the lobby).
    Waiting(Seek),
}

/// What a sweep did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sweep {
    /// Quick seeks paired because their windows came to overlap.
    pub pairings: Vec<Pairing>,
    /// Seeks dropped because they expired.
    pub expired: Vec<Seek>,
}

/// The waiting seeks of every room.
#[derive(Clone, Debug, Default)]
pub struct SeekBook {
    rules: SeekRules,
    seeks: BTreeMap<SeekId, Seek>,
    last_id: u64,
}

impl SeekBook {
    /// An empty book with `rules`.
    #[must_use]
    pub fn new(rules: SeekRules) -> SeekBook {
        SeekBook {
            rules,
            seeks: BTreeMap::new(),
            last_id: 0,
        }
    }

    /// The book's rules.
    #[must_use]
    pub fn rules(&self) -> &SeekRules {
        &self.rules
    }

    /// Seek `id`, if it is waiting.
    #[must_use]
    pub fn get(&self, id: SeekId) -> Option<&Seek> {
        self.seeks.get(&id)
    }

    /// How many seeks wait.
    #[must_use]
    pub fn len(&self) -> usize {
        self.seeks.len()
    }

    /// Whether no seek waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seeks.is_empty()
    }

    /// The seeks of `room` shown in the lobby, oldest first.
    pub fn listed<'a>(&'a self, room: &'a str) -> impl Iterator<Item = &'a Seek> + 'a {
        self.seeks
            .values()
            .filter(move |s| s.listed() && s.spec.room == room)
    }

    /// Every waiting seek, oldest first (challenges included).
    pub fn all(&self) -> impl Iterator<Item = &Seek> {
        self.seeks.values()
    }

    /// `seeker` seeks `spec` at `now`: a quick seek pairs at once with the best compatible waiting
    /// quick seek (closest rating, then the longest waiting); otherwise the seek waits.
    ///
    /// # Errors
    /// [`SeekError::GuestRated`], [`SeekError::SelfChallenge`], [`SeekError::AlreadySeeking`],
    /// [`SeekError::TooMany`]; nothing changes then.
    pub fn seek(
        &mut self,
        seeker: Seeker,
        spec: SeekSpec,
        now: Millis,
    ) -> Result<SeekOutcome, SeekError> {
        if spec.rated && seeker.guest {
            return Err(SeekError::GuestRated);
        }
        if spec.kind == SeekKind::Challenge(seeker.user) {
            return Err(SeekError::SelfChallenge);
        }
        let own: Vec<&Seek> = self
            .seeks
            .values()
            .filter(|s| s.seeker.user == seeker.user)
            .collect();
        if spec.kind == SeekKind::Quick && own.iter().any(|s| s.spec == spec) {
            return Err(SeekError::AlreadySeeking);
        }
        if own.len() >= self.rules.per_user || self.seeks.len() >= self.rules.capacity {
            return Err(SeekError::TooMany);
        }
        self.last_id += 1;
        let seek = Seek {
            id: SeekId(self.last_id),
            seeker,
            spec,
            since: now,
        };
        if seek.spec.kind == SeekKind::Quick {
            if let Some(other) = self.best_partner(&seek, now) {
                if let Some(taken) = self.seeks.remove(&other) {
                    return Ok(SeekOutcome::Paired(pair(
                        &taken,
                        &seek.seeker,
                        seek.spec.color,
                    )));
                }
            }
        }
        self.seeks.insert(seek.id, seek.clone());
        Ok(SeekOutcome::Waiting(seek))
    }

    /// `by` accepts seek `id` (an open or quick seek, a challenge to them, or a link): the seek
    /// is taken, exactly once.
    ///
    /// # Errors
    /// [`SeekError::NotFound`] (also when it expired by `now`), [`SeekError::OwnSeek`],
    /// [`SeekError::NotForYou`], [`SeekError::GuestRated`]; nothing changes then.
    pub fn accept(&mut self, id: SeekId, by: &Seeker, now: Millis) -> Result<Pairing, SeekError> {
        let seek = self.seeks.get(&id).ok_or(SeekError::NotFound)?;
        if self.expired(seek, now) {
            return Err(SeekError::NotFound);
        }
        if seek.seeker.user == by.user {
            return Err(SeekError::OwnSeek);
        }
        if let SeekKind::Challenge(to) = seek.spec.kind {
            if to != by.user {
                return Err(SeekError::NotForYou);
            }
        }
        if seek.spec.rated && by.guest {
            return Err(SeekError::GuestRated);
        }
        let seek = self.seeks.remove(&id).ok_or(SeekError::NotFound)?;
        Ok(pair(&seek, by, None))
    }

    /// The seeker cancels seek `id`; it never pairs afterwards.
    ///
    /// # Errors
    /// [`SeekError::NotFound`], [`SeekError::NotYours`].
    pub fn cancel(&mut self, id: SeekId, by: crate::UserId) -> Result<Seek, SeekError> {
        match self.seeks.get(&id) {
            None => Err(SeekError::NotFound),
            Some(s) if s.seeker.user != by => Err(SeekError::NotYours),
            Some(_) => self.seeks.remove(&id).ok_or(SeekError::NotFound),
        }
    }

    /// The challenged player `by` declines challenge `id`: it is gone and never pairs.
    ///
    /// # Errors
    /// [`SeekError::NotFound`], [`SeekError::NotForYou`] (not a challenge to `by`).
    pub fn decline(&mut self, id: SeekId, by: crate::UserId) -> Result<Seek, SeekError> {
        match self.seeks.get(&id) {
            None => Err(SeekError::NotFound),
            Some(s) if s.spec.kind != SeekKind::Challenge(by) => Err(SeekError::NotForYou),
            Some(_) => self.seeks.remove(&id).ok_or(SeekError::NotFound),
        }
    }

    /// Cancels every seek of `user` (they left, or sat down elsewhere); returns them.
    pub fn cancel_user(&mut self, user: crate::UserId) -> Vec<Seek> {
        let ids: Vec<SeekId> = self
            .seeks
            .values()
            .filter(|s| s.seeker.user == user)
            .map(|s| s.id)
            .collect();
        ids.iter().filter_map(|id| self.seeks.remove(id)).collect()
    }

    /// Drops expired seeks and pairs quick seeks whose windows overlap by `now` (the longest
    /// waiting first, each with its closest rating). Call it every second or so.
    pub fn sweep(&mut self, now: Millis) -> Sweep {
        let mut out = Sweep::default();
        let expired: Vec<SeekId> = self
            .seeks
            .values()
            .filter(|s| self.expired(s, now))
            .map(|s| s.id)
            .collect();
        out.expired = expired
            .iter()
            .filter_map(|id| self.seeks.remove(id))
            .collect();
        let quick: Vec<SeekId> = self
            .seeks
            .values()
            .filter(|s| s.spec.kind == SeekKind::Quick)
            .map(|s| s.id)
            .collect();
        for id in quick {
            let Some(seek) = self.seeks.get(&id).cloned() else {
                continue; // paired earlier in this sweep
            };
            let Some(other) = self.best_partner(&seek, now) else {
                continue;
            };
            if let (Some(a), Some(b)) = (self.seeks.remove(&id), self.seeks.remove(&other)) {
                out.pairings.push(pair(&a, &b.seeker, b.spec.color));
            }
        }
        out
    }

    fn expired(&self, s: &Seek, now: Millis) -> bool {
        let ttl = match s.spec.kind {
            SeekKind::Quick | SeekKind::Open => self.rules.seek_ttl,
            SeekKind::Challenge(_) | SeekKind::Link => self.rules.challenge_ttl,
        };
        now.saturating_sub(s.since) >= ttl
    }

    /// The waiting quick seek that pairs best with `seek` at `now`, if any.
    fn best_partner(&self, seek: &Seek, now: Millis) -> Option<SeekId> {
        self.seeks
            .values()
            .filter(|other| other.id != seek.id && self.compatible(seek, other, now))
            .min_by_key(|other| {
                let gap =
                    (i64::from(seek.seeker.rating) - i64::from(other.seeker.rating)).unsigned_abs();
                (gap, other.since, other.id)
            })
            .map(|other| other.id)
    }

    fn compatible(&self, a: &Seek, b: &Seek, now: Millis) -> bool {
        let colors_agree = !matches!((a.spec.color, b.spec.color), (Some(x), Some(y)) if x == y);
        b.spec.kind == SeekKind::Quick
            && a.seeker.user != b.seeker.user
            && a.spec.room == b.spec.room
            && a.spec.control == b.spec.control
            && a.spec.rated == b.spec.rated
            && colors_agree
            && !self.expired(b, now)
            && self
                .rules
                .accepts(a.seeker.rating, a.since, b.seeker.rating, now)
            && self
                .rules
                .accepts(b.seeker.rating, b.since, a.seeker.rating, now)
    }
}

/// The pair of `taken` (a waiting seek) and `other` (who wants `other_color`): a wanted colour
/// is given (the waiting seeker's first), else the lower rating plays Red (the waiting seeker
/// when equal).
fn pair(taken: &Seek, other: &Seeker, other_color: Option<Color>) -> Pairing {
    let owner_red = match (taken.spec.color, other_color) {
        (Some(c), _) => c == Color::Red,
        (None, Some(c)) => c == Color::Black,
        (None, None) => taken.seeker.rating <= other.rating,
    };
    let (red, black) = if owner_red {
        (taken.seeker.clone(), other.clone())
    } else {
        (other.clone(), taken.seeker.clone())
    };
    Pairing {
        seek: taken.id,
        room: taken.spec.room.clone(),
        red,
        black,
        control: taken.spec.control.clone(),
        rated: taken.spec.rated,
    }
}
