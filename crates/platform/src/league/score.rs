//! Scoring a match: each board's result gives 局分 (game points: 2 a win, 1 a draw, 0 a loss
//! or forfeit); the match goes to the team with more game points, which takes the win's 场分
//! (match points, 2/1/0 by default).

use super::config::MatchPoints;
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// How one board ended, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    /// Red won.
    RedWon,
    /// Black won.
    BlackWon,
    /// A draw.
    Draw,
    /// Red's player did not play (missing or no-show): Black wins by forfeit.
    RedForfeit,
    /// Black's player did not play: Red wins by forfeit.
    BlackForfeit,
    /// Neither played: both lose.
    BothForfeit,
}

impl BoardResult {
    /// Game points (Red, Black).
    #[must_use]
    pub const fn game_points(self) -> (u32, u32) {
        match self {
            BoardResult::RedWon | BoardResult::BlackForfeit => (2, 0),
            BoardResult::BlackWon | BoardResult::RedForfeit => (0, 2),
            BoardResult::Draw => (1, 1),
            BoardResult::BothForfeit => (0, 0),
        }
    }

    /// The result for a board whose players are `(red, black)` present or not, or `None` if
    /// both are there (the board is played).
    #[must_use]
    pub const fn of_absence(red_absent: bool, black_absent: bool) -> Option<BoardResult> {
        match (red_absent, black_absent) {
            (true, true) => Some(BoardResult::BothForfeit),
            (true, false) => Some(BoardResult::RedForfeit),
            (false, true) => Some(BoardResult::BlackForfeit),
            (false, false) => None,
        }
    }

    /// The result for an opened board whose game ended because `missed` made no first move:
    /// `missed` forfeits, unless it is Red and Black was not at the table either
    /// (`black_absent`) — both players missing, both lose.
    #[must_use]
    pub const fn of_no_first_move(missed: Color, black_absent: bool) -> BoardResult {
        match missed {
            Color::Red if black_absent => BoardResult::BothForfeit,
            Color::Red => BoardResult::RedForfeit,
            Color::Black => BoardResult::BlackForfeit,
        }
    }

    /// Whether the board was forfeited rather than played.
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(
            self,
            BoardResult::RedForfeit | BoardResult::BlackForfeit | BoardResult::BothForfeit
        )
    }
}

/// A finished match's score from the home team's side and the away team's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScore {
    /// Home team's game points (局分).
    pub home_games: u32,
    /// Away team's game points.
    pub away_games: u32,
    /// Home team's match points (场分).
    pub home_points: u32,
    /// Away team's match points.
    pub away_points: u32,
}

/// Game points on one board as (home, away), the home team Red on the boards
/// [`super::red_is_home`] says.
#[must_use]
pub fn board_points(board: u8, result: BoardResult) -> (u32, u32) {
    let (red, black) = result.game_points();
    if super::red_is_home(board) {
        (red, black)
    } else {
        (black, red)
    }
}

/// The match's score from every board's result (board 1 first): 局分 summed, 场分 by
/// comparing them.
#[must_use]
pub fn match_score(results: &[BoardResult], points: MatchPoints) -> MatchScore {
    let (mut home_games, mut away_games) = (0, 0);
    for (b, r) in results.iter().enumerate() {
        let (h, a) = board_points(u8::try_from(b).unwrap_or(u8::MAX), *r);
        home_games += h;
        away_games += a;
    }
    let (home_points, away_points) = match home_games.cmp(&away_games) {
        std::cmp::Ordering::Greater => (points.win, points.loss),
        std::cmp::Ordering::Less => (points.loss, points.win),
        std::cmp::Ordering::Equal => (points.draw, points.draw),
    };
    MatchScore {
        home_games,
        away_games,
        home_points,
        away_points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_players_missing_on_an_opened_board_is_lost_by_both() {
        use BoardResult as R;
        assert_eq!(R::of_no_first_move(Color::Red, true), R::BothForfeit);
        assert_eq!(R::of_no_first_move(Color::Red, false), R::RedForfeit);
        // Black's first move is due only after Red's: Red was there.
        assert_eq!(R::of_no_first_move(Color::Black, true), R::BlackForfeit);
        // 0 game points to each team for that board: board 1 won by home, board 2 (away
        // Red) missed by both: 2–0 and home takes the match.
        let p = MatchPoints::default();
        let s = match_score(&[R::RedWon, R::of_no_first_move(Color::Red, true)], p);
        assert_eq!((s.home_games, s.away_games), (2, 0));
        assert_eq!((s.home_points, s.away_points), (p.win, p.loss));
        // Both boards missed by both: 0–0, a drawn match.
        let s = match_score(&[R::BothForfeit, R::BothForfeit], p);
        assert_eq!((s.home_games, s.away_games), (0, 0));
        assert_eq!((s.home_points, s.away_points), (p.draw, p.draw));
    }
}
