//! The journal's text form of the commands that change a game in progress. On restart a game is
//! rebuilt by replaying them through `Table::apply` at their recorded instants: the table is
//! deterministic, so the same state (clocks included) comes back.

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
        Action::Abort => "abort".into(),
        Action::Disconnect => "disconnect".into(),
        Action::Reconnect => "reconnect".into(),
        Action::Leave => "leave".into(),
        _ => return None,
    })
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
            Action::Move { mv, lag: Millis(17) },
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
    }
}
