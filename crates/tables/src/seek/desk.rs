//! The seek desk: one task owns the [`SeekBook`] and takes one message at a time — seek,
//! accept, cancel, a closed connection — checking the room (its coin gate, a valid time
//! control) first; a timer sweeps the book (widened windows pair, expired seeks go), tells
//! waiting seekers their window as it widens, and publishes each room's seek list when it
//! changed (so lists go out at most once per sweep). Pairs are seated by [`super::seat`]. A
//! user seated in a game in progress (the tables' registry says) neither seeks nor accepts, and
//! their waiting seeks go (`playing`) at the next seek, accept or sweep.

use super::meta::Meta;
use super::msg::{Asker, DeskMsg, KindAsked, SeekAsked};
use super::notify;
use crate::live::Live;
use crate::user::UserInfo;
use kit::clock;
use platform::seek::{
    Pairing, Seek, SeekBook, SeekError, SeekId, SeekKind, SeekOutcome, SeekSpec, Seeker,
};
use platform::UserId;
use protocol::error_code::ErrorCode;
use protocol::views::SeekView;
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;
use tokio::sync::mpsc;

/// The desk's state.
pub(super) struct Desk {
    pub(super) state: Live,
    pub(super) book: SeekBook,
    pub(super) meta: HashMap<SeekId, Meta>,
    /// Rooms whose seek list changed since it was last published.
    dirty: BTreeSet<String>,
}

/// Runs the desk until its mailbox closes.
pub async fn run(state: Live, mut rx: mpsc::Receiver<DeskMsg>) {
    let every = Duration::from_millis(state.config.seeks.sweep_ms.max(1));
    let mut desk = Desk {
        book: SeekBook::new(state.config.seeks.rules()),
        state,
        meta: HashMap::new(),
        dirty: BTreeSet::new(),
    };
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            msg = rx.recv() => match msg {
                Some(m) => desk.handle(m).await,
                None => break,
            },
            _ = tick.tick() => {
                desk.sweep().await;
                desk.flush();
            }
        }
    }
}

/// The code and message of a refusal of the book.
fn refusal(e: &SeekError) -> ErrorCode {
    match e {
        SeekError::NotFound => ErrorCode::SeekNotFound,
        SeekError::OwnSeek => ErrorCode::OwnSeek,
        SeekError::NotForYou => ErrorCode::NotForYou,
        SeekError::NotYours => ErrorCode::NotYours,
        SeekError::GuestRated => ErrorCode::GuestRated,
        SeekError::SelfChallenge => ErrorCode::SelfChallenge,
        SeekError::AlreadySeeking => ErrorCode::AlreadySeeking,
        SeekError::TooMany => ErrorCode::TooManySeeks,
    }
}

/// A fresh key for a link seek: 128 random bits in hex.
fn link_key() -> String {
    format!("{:032x}", rand::random::<u128>())
}

fn seeker(user: &UserInfo) -> Seeker {
    let r = user.rating.rating.round();
    Seeker {
        user: user.id,
        // Ratings are a few thousand at most; the cast cannot truncate.
        #[allow(clippy::cast_possible_truncation)]
        rating: r.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32,
        guest: user.guest,
    }
}

impl Desk {
    async fn handle(&mut self, msg: DeskMsg) {
        match msg {
            DeskMsg::Seek { asker, asked } => self.seek(asker, asked).await,
            DeskMsg::Accept { asker, seek, key } => self.accept(asker, seek, key).await,
            DeskMsg::Cancel { asker, seek } => match self.book.cancel(seek, asker.user.id) {
                Ok(s) => {
                    self.gone(&s, "cancelled");
                    asker.ack();
                }
                Err(e) => asker.refuse(refusal(&e), &e.to_string()),
            },
            DeskMsg::Decline { asker, seek } => match self.book.decline(seek, asker.user.id) {
                Ok(s) => {
                    self.meta.remove(&s.id);
                    notify::declined(&self.state, s.seeker.user, s.id, &asker.user.name);
                    asker.ack();
                }
                Err(e) => asker.refuse(refusal(&e), &e.to_string()),
            },
            DeskMsg::Closed { user } => {
                if self.state.sockets.count(user) == 0 {
                    for s in self.book.cancel_user(user) {
                        self.gone(&s, "left");
                    }
                }
            }
        }
    }

    /// The room's gate for `user`: the room exists and their balance meets its `min_coins`.
    async fn admits(&self, room: &str, user: &UserInfo) -> Result<(), (ErrorCode, String)> {
        let Some(info) = self.state.lobby.rooms().iter().find(|r| r.id == room) else {
            return Err((ErrorCode::NotFound, format!("no such room {room:?}")));
        };
        let needed = info.min_coins;
        if needed <= 0 {
            return Ok(());
        }
        match crate::coins::balance(&self.state, user.id).await {
            Ok(have) if have.get() >= needed => Ok(()),
            Ok(have) => Err((
                ErrorCode::NotEnoughCoins,
                format!("this room needs {needed} coins; you have {have}"),
            )),
            Err(e) => {
                tracing::error!("balance: {e}");
                Err((ErrorCode::Internal, "something went wrong".to_owned()))
            }
        }
    }

    /// The behaviour gate of `room` for `user`: not banned, and their score meets the room's
    /// `min_behaviour`.
    async fn behaves(&self, room: &str, user: &UserInfo) -> Result<(), crate::behaviour::Refused> {
        let min = self
            .state
            .lobby
            .rooms()
            .iter()
            .find(|r| r.id == room)
            .map_or(0, |r| r.min_behaviour);
        crate::behaviour::gate::may_play(&self.state, user.id, min, clock::now())
            .await
            .map(|_| ())
    }

    async fn seek(&mut self, asker: Asker, asked: SeekAsked) {
        if let Err(e) = asked.control.validate() {
            return asker.refuse(ErrorCode::InvalidTimeControl, &e.to_string());
        }
        if self.plays(asker.user.id) {
            return asker.refuse(ErrorCode::AlreadyPlaying, "you are playing a game");
        }
        if let Some(id) = asked.again {
            if self.tell_again(id, &asker) {
                return asker.ack();
            }
        }
        if let Err((code, why)) = self.admits(&asked.room, &asker.user).await {
            return asker.refuse(code, &why);
        }
        if let Err(r) = self.behaves(&asked.room, &asker.user).await {
            return asker.refused(&r);
        }
        let (kind, to) = match asked.kind {
            KindAsked::Quick => (SeekKind::Quick, None),
            KindAsked::Open => (SeekKind::Open, None),
            KindAsked::Link => (SeekKind::Link, None),
            KindAsked::Challenge(name) => match self.state.db.user_by_name(&name).await {
                Ok(Some((row, _))) => (SeekKind::Challenge(row.id), Some(row.name)),
                Ok(None) => return asker.refuse(ErrorCode::NotFound, "no such player"),
                Err(e) => {
                    tracing::error!("user_by_name: {e}");
                    return asker.refuse(ErrorCode::Internal, "something went wrong");
                }
            },
        };
        let spec = SeekSpec {
            room: asked.room,
            control: asked.control,
            rated: asked.rated,
            color: asked.color,
            kind,
        };
        let now = clock::now();
        // Nobody pairs with a seeker who sat down to a game since.
        self.drop_playing();
        match self.book.seek(seeker(&asker.user), spec, now) {
            Err(e) => asker.refuse(refusal(&e), &e.to_string()),
            Ok(SeekOutcome::Paired(p)) => {
                self.seat(p, &asker.user).await;
                asker.ack();
            }
            Ok(SeekOutcome::Waiting(seek)) => {
                let window = (seek.spec.kind == SeekKind::Quick)
                    .then(|| self.book.rules().window(seek.since, now))
                    .flatten();
                let key = (seek.spec.kind == SeekKind::Link).then(link_key);
                let meta = Meta {
                    user: asker.user.clone(),
                    to,
                    window,
                    key: key.clone(),
                };
                let view = SeekView {
                    key,
                    ..notify::view(&seek, &meta)
                };
                self.meta.insert(seek.id, meta);
                notify::waiting(&self.state, seek.seeker.user, &view, window);
                if let SeekKind::Challenge(to) = seek.spec.kind {
                    notify::challenge(&self.state, to, &view);
                }
                if seek.listed() {
                    self.dirty.insert(seek.spec.room.clone());
                }
                asker.ack();
            }
        }
    }

    /// Tells `asker` again that their seek `id` waits (`seek_waiting`, a link seek's key
    /// included); `false` if it no longer waits or is not theirs.
    fn tell_again(&self, id: SeekId, asker: &Asker) -> bool {
        let seek = self.book.get(id).filter(|s| s.seeker.user == asker.user.id);
        let Some((seek, meta)) = seek.zip(self.meta.get(&id)) else {
            return false;
        };
        let view = SeekView {
            key: meta.key.clone(),
            ..notify::view(seek, meta)
        };
        notify::waiting(&self.state, seek.seeker.user, &view, meta.window);
        true
    }

    async fn accept(&mut self, asker: Asker, id: SeekId, key: Option<String>) {
        if self.plays(asker.user.id) {
            return asker.refuse(ErrorCode::AlreadyPlaying, "you are playing a game");
        }
        self.drop_playing();
        let wanted = self.meta.get(&id).and_then(|m| m.key.as_ref());
        let room = self
            .book
            .get(id)
            .filter(|_| wanted.is_none_or(|k| key.as_ref() == Some(k)))
            .map(|s| s.spec.room.clone());
        // A link seek without its key is as good as gone.
        let Some(room) = room else {
            return asker.refuse(ErrorCode::SeekNotFound, &SeekError::NotFound.to_string());
        };
        if let Err((code, why)) = self.admits(&room, &asker.user).await {
            return asker.refuse(code, &why);
        }
        if let Err(r) = self.behaves(&room, &asker.user).await {
            return asker.refused(&r);
        }
        // Checked again after the balance was read: the book answers exactly once.
        match self.book.accept(id, &seeker(&asker.user), clock::now()) {
            Err(e) => asker.refuse(refusal(&e), &e.to_string()),
            Ok(p) => {
                self.seat(p, &asker.user).await;
                asker.ack();
            }
        }
    }

    /// Tells the seeker that `seek` is gone for `reason`, and forgets it.
    pub(super) fn gone(&mut self, seek: &Seek, reason: &'static str) {
        self.meta.remove(&seek.id);
        if seek.listed() {
            self.dirty.insert(seek.spec.room.clone());
        }
        notify::gone(&self.state, seek.seeker.user, seek.id, reason);
    }

    /// Marks `room`'s list as changed.
    pub(super) fn touch(&mut self, room: &str) {
        self.dirty.insert(room.to_owned());
    }

    /// Drops `user`'s other seeks once they are paired.
    pub(super) fn drop_others(&mut self, user: UserId) {
        for s in self.book.cancel_user(user) {
            self.gone(&s, "paired");
        }
    }

    /// Whether `user` sits in a game in progress: at one of this node's tables, or at another
    /// node's as its lobby summaries tell.
    pub(super) fn plays(&self, user: UserId) -> bool {
        self.state.tables.is_playing(user) || self.state.lobby.plays_elsewhere(user)
    }

    /// Drops every seek of the users now seated in a game in progress (`seek_gone` `playing`).
    pub(super) fn drop_playing(&mut self) {
        let mut users: Vec<UserId> = self.book.all().map(|s| s.seeker.user).collect();
        users.sort_unstable();
        users.dedup();
        for user in users {
            if self.plays(user) {
                for s in self.book.cancel_user(user) {
                    self.gone(&s, "playing");
                }
            }
        }
    }

    async fn sweep(&mut self) {
        let now = clock::now();
        self.drop_playing();
        let swept = self.book.sweep(now);
        for s in &swept.expired {
            self.gone(s, "expired");
        }
        for p in swept.pairings {
            self.seat_swept(p).await;
        }
        // Windows that widened are told to their seekers.
        let rules = *self.book.rules();
        let quick: Vec<Seek> = self
            .book
            .all()
            .filter(|s| s.spec.kind == SeekKind::Quick)
            .cloned()
            .collect();
        for s in quick {
            let window = rules.window(s.since, now);
            if let Some(meta) = self.meta.get_mut(&s.id) {
                if meta.window != window {
                    meta.window = window;
                    let view = notify::view(&s, meta);
                    notify::waiting(&self.state, s.seeker.user, &view, window);
                }
            }
        }
    }

    /// A pair formed by the sweep: both seekers are in `meta`.
    async fn seat_swept(&mut self, p: Pairing) {
        if let Some(red) = self.user_info(p.red.user).await {
            self.seat(p, &red).await;
        }
    }

    /// Publishes the seek list of every room that changed.
    fn flush(&mut self) {
        for room in std::mem::take(&mut self.dirty) {
            let list: Vec<_> = self
                .book
                .listed(&room)
                .filter_map(|s| self.meta.get(&s.id).map(|m| notify::view(s, m)))
                .collect();
            self.state.lobby.set_seeks(&room, &list);
        }
    }
}
