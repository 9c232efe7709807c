//! The wire form of a table, built from its state: `TableSummary`, `TableState`, `GameState`,
//! `WagerView` and the events (the types are in `ws::protocol`). Everything here only reads.

use super::core::TableCore;
use super::delayed::{delayed_epoch, Feed};
use super::desk::CoinDesk;
use platform::table::{AbortReason, Event, GameEnd};
use platform::wager::WagerStatus;
use platform::{GameId, Millis, UserId};
use protocol::events::EventView;
use protocol::evidence::EvidenceView;
use protocol::handicap::{HandicapTag, HandicapView};
use protocol::repetition::{self, RulesView};
use protocol::user::ShownUser;
use protocol::views::{
    ByColor, EndView, FirstMoveView, GameView, HandicapProposalView, ProposalView, SeatView,
    SummaryView, TableStateView, UndoView, WagerView,
};
use protocol::ServerMsg;
use std::sync::Arc;
use store::{color_index, mode_name, permille, wager_status};
use xiangqi::{Color, Position};

/// Spectators listed in a `TableState` (the count is always exact).
const SPECTATORS_LISTED: usize = 50;

fn color_name(c: Color) -> &'static str {
    c.name()
}

/// The legal moves of the side to move, in ICCS.
fn legal(pos: &Position, over: bool) -> Vec<String> {
    if over {
        return Vec::new();
    }
    pos.legal_moves().iter().map(ToString::to_string).collect()
}

/// `GameEnd` on the wire.
pub(super) fn end_view(end: &GameEnd) -> EndView {
    match end {
        GameEnd::Finished { outcome, plies } => EndView::Finished {
            result: outcome.result.as_str(),
            reason: outcome.reason.as_str(),
            plies: *plies,
        },
        GameEnd::Aborted { reason, plies } => {
            let (why, by) = match reason {
                AbortReason::Requested(c) => ("requested", c),
                AbortReason::NoFirstMove(c) => ("no_first_move", c),
            };
            EndView::Aborted {
                reason: why,
                by: color_name(*by),
                plies: *plies,
            }
        }
    }
}

impl TableCore {
    /// `User`, or a stand-in for a user the table never saw.
    pub(super) fn shown_user(&self, id: UserId) -> ShownUser {
        match self.users.get(&id) {
            Some(u) => ShownUser::Known(u.view(&self.state.profile)),
            None => ShownUser::unknown(id),
        }
    }

    fn status(&self) -> &'static str {
        match self.table.game() {
            Some(g) if g.is_playing() => "playing",
            // Once its players have left, a finished table waits for new ones.
            Some(_) if Color::ALL.iter().all(|c| self.table.seat(*c).is_none()) => "waiting",
            Some(_) => "finished",
            None => "waiting",
        }
    }

    /// How `h` (giving `start`) is shown, with its rating offset where the room rates it.
    fn handicap_view(&self, h: &platform::table::Handicap, start: &Position) -> HandicapView {
        HandicapView::new(h, start, self.table.config().handicap_rating.as_ref())
    }

    /// The lobby's tag: the handicap of the game in progress, else the agreed one.
    fn handicap_tag(&self) -> Option<HandicapTag> {
        match self.table.game().filter(|g| g.is_playing()) {
            Some(g) => g.handicap().map(HandicapTag::from),
            None => self
                .table
                .handicap()
                .map(|a| HandicapTag::from(&a.handicap)),
        }
    }

    /// `TableSummary`.
    pub(super) fn summary(&self) -> SummaryView {
        let seat = |c: Color| {
            self.table.seat(c).map(|s| SeatView {
                user: self.shown_user(s.user),
                ready: s.ready,
                away: s.away_since.is_some(),
                behaviour: self.behaviour.get(&s.user).copied(),
            })
        };
        SummaryView {
            id: self.id,
            room: self.room.id.clone(),
            status: self.status(),
            seats: ByColor {
                red: seat(Color::Red),
                black: seat(Color::Black),
            },
            spectators: self.table.spectators().count(),
            control: self.table.time_control().clone(),
            game_id: self.shown_game_id(),
            handicap: self.handicap_tag(),
        }
    }

    /// `GameState`, if a game was started.
    pub(super) fn game_view(&self, now: Millis) -> Option<GameView> {
        let g = self.table.game()?;
        Some(GameView {
            game_id: self.shown_game_id(),
            number: g.number(),
            red: self.shown_user(g.player(Color::Red)),
            black: self.shown_user(g.player(Color::Black)),
            start_fen: g.start_position().fen(),
            handicap: g
                .handicap()
                .map(|h| self.handicap_view(h, g.start_position())),
            fen: g.position().fen(),
            moves: g.moves().iter().map(ToString::to_string).collect(),
            turn: color_name(g.turn()),
            ply: g.ply(),
            clock: g.clock().snapshot(now),
            control: g.clock().control().clone(),
            black_control: g.clock().black_control().cloned(),
            legal: legal(g.position(), !g.is_playing()),
            warnings: repetition::warnings(g),
            draw_offer: g.draw_offer().map(color_name),
            undo_request: g.undo_request().map(|r| UndoView {
                by: color_name(r.by),
                plies: r.plies,
            }),
            end: g.end().as_ref().map(end_view),
            ai_level: self.ai.map(|a| a.level),
            rated: !self.casual && self.ai.is_none_or(|a| a.rated),
            first_move: self.first_move_view(now),
            evidence: g.repetition_evidence().as_ref().map(EvidenceView::from),
        })
    }

    /// The stored id of the game shown: the one in progress, else the last one played here.
    fn shown_game_id(&self) -> Option<GameId> {
        self.game_id.or(self.last_game_id)
    }

    /// The first-move deadline now running, as the client counts it down.
    fn first_move_view(&self, now: Millis) -> Option<FirstMoveView> {
        let (color, at) = self.table.first_move_due()?;
        Some(FirstMoveView {
            color: color_name(color),
            left: at.saturating_sub(now).0,
        })
    }

    /// The `table_state` message of `feed`, with the desk's wager and pool and the feed's `v`.
    pub(super) fn state_msg(&self, desk: &CoinDesk, v: u64, now: Millis, feed: Feed) -> Arc<str> {
        let mut game = self.game_view(now);
        if let (Feed::Delayed(Some(cut)), Some(g)) = (feed, game.as_mut()) {
            self.cut_game_view(g, cut);
        }
        let delayed = matches!(feed, Feed::Delayed(_));
        let spectators = self
            .table
            .spectators()
            .take(SPECTATORS_LISTED)
            .map(|u| self.shown_user(u))
            .collect();
        let state = TableStateView {
            id: self.id,
            room: self.room.id.clone(),
            summary: self.summary(),
            control: self.table.time_control().clone(),
            proposal: self.table.proposal().map(|p| ProposalView {
                by: color_name(p.by),
                control: p.control.clone(),
            }),
            handicap: self
                .table
                .handicap()
                .map(|a| self.handicap_view(&a.handicap, &a.start)),
            handicap_proposal: self
                .table
                .handicap_proposal()
                .map(|p| HandicapProposalView {
                    by: color_name(p.by),
                    handicap: self.handicap_view(&p.offer.handicap, &p.offer.start),
                }),
            spectators,
            game,
            wager: desk.wager_view(self),
            pool: desk.pool_view(),
            first_move_secs: self.table.config().first_move_deadline.map(Millis::as_secs),
            rules: RulesView::of(self.table.config()),
            spectator_delay: self.delay_view(delayed),
            berserk: self.table.config().berserk,
        };
        let epoch = if delayed {
            delayed_epoch(&self.state.epoch)
        } else {
            self.state.epoch.clone()
        };
        ServerMsg::TableState {
            table: self.id,
            epoch: &epoch,
            v,
            now: now.0,
            state,
        }
        .to_text()
    }

    /// An event's `e` object.
    pub(super) fn event_view(&self, ev: &Event, now: Millis) -> EventView {
        let game = self.table.game();
        let fen = || game.map(|g| g.position().fen());
        let legal_now = || game.map_or_else(Vec::new, |g| legal(g.position(), !g.is_playing()));
        let warnings_now = || game.map_or_else(Vec::new, repetition::warnings);
        match ev {
            Event::Joined(u) => EventView::Joined {
                user: self.shown_user(*u),
            },
            Event::Left(u) => EventView::Left {
                user: self.shown_user(*u),
            },
            Event::Sat { user, color } => EventView::Sat {
                user: self.shown_user(*user),
                color: color_name(*color),
            },
            Event::Stood { user, color } => EventView::Stood {
                user_id: *user,
                color: color_name(*color),
            },
            Event::Ready { color, ready } => EventView::Ready {
                color: color_name(*color),
                ready: *ready,
            },
            Event::RematchDeclined { by } => EventView::RematchDeclined {
                by: color_name(*by),
            },
            Event::TimeControlProposed { by, control } => EventView::ControlProposed {
                by: color_name(*by),
                control: control.clone(),
            },
            Event::TimeControlDeclined { by } => EventView::ControlDeclined {
                by: color_name(*by),
            },
            Event::TimeControlSet(control) => EventView::ControlSet {
                control: control.clone(),
            },
            Event::HandicapProposed { by, handicap } => {
                let base = &self.table.config().start;
                // It was accepted by the table, so its start exists.
                let start = handicap.start(base).unwrap_or_else(|_| base.clone());
                EventView::HandicapProposed {
                    by: color_name(*by),
                    handicap: self.handicap_view(handicap, &start),
                }
            }
            Event::HandicapDeclined { by } => EventView::HandicapDeclined {
                by: color_name(*by),
            },
            Event::HandicapSet(_) => EventView::HandicapSet {
                handicap: self
                    .table
                    .handicap()
                    .map(|a| self.handicap_view(&a.handicap, &a.start)),
            },
            Event::GameStarted { .. } => EventView::GameStarted {
                game: self.game_view(now),
            },
            Event::Moved {
                color,
                mv,
                ply,
                clock,
            } => EventView::Moved {
                color: color_name(*color),
                mv: mv.to_string(),
                ply: *ply,
                clock: *clock,
                fen: fen(),
                legal: legal_now(),
                warnings: warnings_now(),
                first_move: self.first_move_view(now),
            },
            Event::DrawOffered { by } => EventView::DrawOffered {
                by: color_name(*by),
            },
            Event::DrawDeclined { by } => EventView::DrawDeclined {
                by: color_name(*by),
            },
            Event::UndoRequested { by, plies } => EventView::UndoRequested {
                by: color_name(*by),
                plies: *plies,
            },
            Event::UndoDeclined { by } => EventView::UndoDeclined {
                by: color_name(*by),
            },
            Event::Undone { plies, ply, clock } => EventView::Undone {
                plies: *plies,
                ply: *ply,
                clock: *clock,
                fen: fen(),
                moves: game.map(|g| g.moves().iter().map(ToString::to_string).collect()),
                legal: legal_now(),
                warnings: warnings_now(),
                first_move: self.first_move_view(now),
            },
            Event::Disconnected { color, deadline } => EventView::Disconnected {
                color: color_name(*color),
                deadline: deadline.0,
            },
            Event::Reconnected { color } => EventView::Reconnected {
                color: color_name(*color),
            },
            Event::Chat { user, text } => EventView::Chat {
                user_id: *user,
                name: self.users.get(user).map(|u| u.name.clone()),
                text: text.clone(),
            },
            Event::GameEnded(end) => EventView::GameEnded {
                end: end_view(end),
                game_id: self.game_id,
                clock: game.map(|g| g.clock().snapshot(now)),
                evidence: game
                    .and_then(platform::table::Game::repetition_evidence)
                    .as_ref()
                    .map(EvidenceView::from),
            },
            Event::Berserked {
                color,
                control,
                clock,
            } => EventView::Berserked {
                color: color_name(*color),
                control: control.clone(),
                clock: *clock,
            },
            Event::Paused => EventView::Paused,
            Event::Resumed => EventView::Resumed,
        }
    }
}

impl CoinDesk {
    /// `WagerView`, while there is a wager.
    pub(super) fn wager_view(&self, core: &TableCore) -> Option<WagerView> {
        let slot = self.wager.as_ref()?;
        let w = &slot.wager;
        let (r, b) = color_index(w, self.red_for(core, w));
        let (confirmed, agreed) = match w.status {
            WagerStatus::Negotiating { confirmed } => (confirmed, [false; 2]),
            WagerStatus::Confirmed { agreed } => ([true; 2], agreed),
            _ => ([true; 2], [true; 2]),
        };
        let game = match w.status {
            WagerStatus::Escrowed { game } => game,
            _ => None,
        };
        Some(WagerView {
            id: w.id,
            mode: mode_name(w.mode),
            stakes: ByColor {
                red: w.stakes[r].get(),
                black: w.stakes[b].get(),
            },
            confirmed: ByColor {
                red: confirmed[r],
                black: confirmed[b],
            },
            agreed: ByColor {
                red: agreed[r],
                black: agreed[b],
            },
            status: wager_status(w),
            version: w.version,
            game_id: game,
            tax_rate_permille: permille(w.tax_rate),
        })
    }
}
