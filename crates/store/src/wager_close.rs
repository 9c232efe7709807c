//! What a wager step stores: the row with its ledger transaction ([`wager_write`]), and for a
//! closed wager its outcome, stakes and statements by colour ([`close_of`]), as the table's
//! history and the `wager_settled` event show them.

use super::wager_summary::CloseSummary;
use super::{CoinWrite, Stored, WagerClose};
use platform::wager::{RefundReason, Wager, WagerEnd, WagerMode, WagerStatus};
use platform::{TableId, UserId};
use xiangqi::ByColor;

/// `won`, `drawn`, `coaching` or `refunded` for a closed wager.
#[must_use]
pub fn outcome_name(w: &Wager) -> Option<&'static str> {
    match (&w.status, w.mode) {
        (
            WagerStatus::Closed {
                end: WagerEnd::Paid { .. },
                ..
            },
            WagerMode::Ordinary,
        ) => Some("won"),
        (
            WagerStatus::Closed {
                end: WagerEnd::Paid { .. },
                ..
            },
            WagerMode::Coaching { .. },
        ) => Some("coaching"),
        (
            WagerStatus::Closed {
                end: WagerEnd::Refunded(RefundReason::Draw),
                ..
            },
            _,
        ) => Some("drawn"),
        (WagerStatus::Closed { .. }, _) => Some("refunded"),
        _ => None,
    }
}

/// The index in `w.players` of the player on red and the one on black.
#[must_use]
pub fn color_index(w: &Wager, red: UserId) -> (usize, usize) {
    if w.players[1] == red {
        (1, 0)
    } else {
        (0, 1)
    }
}

/// Stakes and statements by colour, for the closing event and the table's history.
#[must_use]
pub fn close_of(w: &Wager, red: UserId) -> Option<WagerClose> {
    let outcome = outcome_name(w)?;
    let WagerStatus::Closed { statements, .. } = &w.status else {
        return None;
    };
    let (r, b) = color_index(w, red);
    Some(WagerClose {
        outcome,
        summary: CloseSummary {
            stakes: ByColor {
                red: w.stakes[r].get(),
                black: w.stakes[b].get(),
            },
            statements: ByColor {
                red: (&statements[r]).into(),
                black: (&statements[b]).into(),
            },
        },
    })
}

/// A wager step to store at `table`.
#[must_use]
pub fn wager_write(
    table: TableId,
    w: &Wager,
    red: UserId,
    ledger: Option<platform::ledger::Transaction>,
) -> CoinWrite {
    CoinWrite {
        table,
        what: Stored::Wager {
            wager: Box::new(w.clone()),
            red,
            close: close_of(w, red),
        },
        ledger,
        request: None,
        fence: None,
    }
}
