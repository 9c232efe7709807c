//! The journal's text form of what changes a game in progress: the players' commands, and the
//! pauses and resumes of the table around each outage of the server. On restart a game is
//! rebuilt by replaying them through `Table::apply` (and `pause`/`resume`) at their recorded
//! instants: the table is deterministic, so the same state (clocks included) comes back, and
//! every earlier outage stays charged to nobody.

use platform::table::Action;
use platform::Millis;

/// The journal text of `action`, or `None` for commands that do not change the game (chat,
/// joining, seating).
#[must_use]
pub fn encode_action(action: &Action) -> Option<String> {
    Some(match action {
        Action::Move { mv, lag } => format!("move {mv} {}", lag.0),
        Action::OfferDraw => "draw_offer".into(),
        Action::AcceptDraw => "draw_accept".into(),
        Action::DeclineDraw => "draw_decline".into(),
        Action::RequestUndo => "undo_request".into(),
        Action::AcceptUndo => "undo_accept".into(),
        Action::DeclineUndo => "undo_decline".into(),
        Action::Resign => "resign".into(),
        Action::Berserk => "berserk".into(),
        Action::Abort => "abort".into(),
        Action::Disconnect => "disconnect".into(),
        Action::Reconnect => "reconnect".into(),
        Action::Leave => "leave".into(),
        _ => return None,
    })
}

/// One journal entry read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalOp {
    /// A command, applied with `Table::apply`.
    Act(Action),
    /// The table was paused (the server stopped, or its last heartbeat before a crash).
    Pause,
    /// The table was resumed (the server came back).
    Resume,
}

/// The journal text of a pause.
pub const PAUSE: &str = "pause";
/// The journal text of a resume.
pub const RESUME: &str = "resume";

/// Reads a journal entry's text back ([`encode_action`], [`PAUSE`], [`RESUME`]).
#[must_use]
pub fn decode(text: &str) -> Option<JournalOp> {
    match text {
        PAUSE => Some(JournalOp::Pause),
        RESUME => Some(JournalOp::Resume),
        _ => decode_action(text).map(JournalOp::Act),
    }
}

/// Reads [`encode_action`]'s text back.
#[must_use]
pub fn decode_action(text: &str) -> Option<Action> {
    let mut parts = text.split(' ');
    Some(match parts.next()? {
        "move" => Action::Move {
            mv: parts.next()?.parse().ok()?,
            lag: Millis(parts.next()?.parse().ok()?),
        },
        "draw_offer" => Action::OfferDraw,
        "draw_accept" => Action::AcceptDraw,
        "draw_decline" => Action::DeclineDraw,
        "undo_request" => Action::RequestUndo,
        "undo_accept" => Action::AcceptUndo,
        "undo_decline" => Action::DeclineUndo,
        "resign" => Action::Resign,
        "berserk" => Action::Berserk,
        "abort" => Action::Abort,
        "disconnect" => Action::Disconnect,
        "reconnect" => Action::Reconnect,
        "leave" => Action::Leave,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_commands_round_trip_and_others_are_not_journaled() {
        let mv = "h2e2".parse().unwrap();
        for a in [
            Action::Move {
                mv,
                lag: Millis(17),
            },
            Action::RequestUndo,
            Action::AcceptUndo,
            Action::Disconnect,
            Action::Leave,
        ] {
            let text = encode_action(&a).unwrap();
            assert_eq!(decode_action(&text), Some(a));
        }
        assert_eq!(encode_action(&Action::Chat("hi".into())), None);
        assert_eq!(encode_action(&Action::Join), None);
        assert_eq!(decode_action("move zz 1"), None);
        assert_eq!(decode_action("fly"), None);
        assert_eq!(decode(PAUSE), Some(JournalOp::Pause));
        assert_eq!(decode(RESUME), Some(JournalOp::Resume));
        assert_eq!(decode("resign"), Some(JournalOp::Act(Action::Resign)));
        assert_eq!(decode("pause 1"), None);
    }
}
