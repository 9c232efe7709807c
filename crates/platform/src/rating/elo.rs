//! The three portals' Elo variants: K tables, expected score and the `ourgame` provisional rule.
//!
//! All three use Rn = Ro + K·(W − We) with the logistic expected score
//! We = 1 / (1 + 10^((Ropp − Rown)/400)); K is looked up from each player's own old rating.
//! `qq` shifts the difference by 100 points against the side that moved first (red).

use super::game::red_score;
use super::{PlayerRating, RatingChange, UnratedReason};
use xiangqi::GameResult;

/// `ourgame`: a new player's rating.
pub(crate) const OURGAME_INITIAL: f64 = 1400.0;
/// `lotto`: a new player's skill value (技能值).
pub(crate) const LOTTO_INITIAL: f64 = 800.0;
/// `qq`: a new player's score. The QQ document gives none (players keep their score from QQ's
/// other Xiangqi game); we start at 1400 (五级棋手), as `ourgame` does.
pub(crate) const QQ_INITIAL: f64 = 1400.0;
/// `ourgame`: a player with fewer rated games than this is provisional (无级别, 无称号).
pub const OURGAME_PROVISIONAL_GAMES: u32 = 20;
/// `lotto`: a game that ends within this many plies counts as a draw.
pub(crate) const LOTTO_DRAW_WITHIN_PLIES: u32 = 5;
/// `qq`: the first-move handicap added to the rating difference (Yfirst).
const QQ_FIRST_MOVE: f64 = 100.0;

/// The expected score of a player rated `own` against `opponent`:
/// 1 / (1 + 10^((opponent − own)/400)).
#[must_use]
pub fn expected_score(own: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - own) / 400.0))
}

/// `ourgame` K: 32 below 2000, 24 below 2400, 16 below 2800, else 8.
#[must_use]
pub fn ourgame_k(rating: f64) -> f64 {
    if rating < 2000.0 {
        32.0
    } else if rating < 2400.0 {
        24.0
    } else if rating < 2800.0 {
        16.0
    } else {
        8.0
    }
}

/// `lotto` K (the K column of the title table, [`Ladder::Lotto`](super::Ladder::Lotto)):
/// 10 from 2200, 14 from 1600, 20 from 1000, 30 from 0, 50 below 0.
#[must_use]
pub fn lotto_k(rating: f64) -> f64 {
    if rating >= 2200.0 {
        10.0
    } else if rating >= 1600.0 {
        14.0
    } else if rating >= 1000.0 {
        20.0
    } else if rating >= 0.0 {
        30.0
    } else {
        50.0
    }
}

/// `qq` K: 120 below 1000, 60 below 1400, 30 below 1800, 25 below 2000, 20 below 2200, 15 below
/// 2400, 10 from 2400.
#[must_use]
pub fn qq_k(rating: f64) -> f64 {
    if rating < 1000.0 {
        120.0
    } else if rating < 1400.0 {
        60.0
    } else if rating < 1800.0 {
        30.0
    } else if rating < 2000.0 {
        25.0
    } else if rating < 2200.0 {
        20.0
    } else if rating < 2400.0 {
        15.0
    } else {
        10.0
    }
}

/// Rd = K·(W − We) for both sides, K from each side's own rating.
fn plain_deltas(
    red: &PlayerRating,
    black: &PlayerRating,
    result: GameResult,
    k: fn(f64) -> f64,
    red_handicap: f64,
) -> (f64, f64) {
    let w = red_score(result);
    // Dr = (opponent − own) + Yfirst; expected_score(own, opp + Yfirst) computes 1/(1+10^(Dr/400)).
    let we_red = expected_score(red.rating, black.rating - red_handicap);
    let we_black = expected_score(black.rating, red.rating + red_handicap);
    (
        k(red.rating) * (w - we_red),
        k(black.rating) * ((1.0 - w) - we_black),
    )
}

fn bump(p: &PlayerRating, delta: f64) -> PlayerRating {
    PlayerRating {
        rating: p.rating + delta,
        games: p.games.saturating_add(1),
        ..*p
    }
}

/// `ourgame` (联众), with the provisional rules:
/// both rated: Rn = Ro + Rd; rated vs provisional (n = the provisional player's valid games
/// including this one): rated Rn = Ro + Rd·(n/20)·(2/3), provisional Rn = Ro + Rd·(41 − n)/20;
/// two provisional players: nothing changes.
pub(crate) fn rate_ourgame(
    red: &PlayerRating,
    black: &PlayerRating,
    result: GameResult,
) -> RatingChange {
    let limit = OURGAME_PROVISIONAL_GAMES;
    let (red_prov, black_prov) = (red.games < limit, black.games < limit);
    let (rd_red, rd_black) = plain_deltas(red, black, result, ourgame_k, 0.0);
    let (d_red, d_black) = match (red_prov, black_prov) {
        (true, true) => return RatingChange::unrated(red, black, UnratedReason::BothProvisional),
        (false, false) => (rd_red, rd_black),
        (true, false) => {
            let n = f64::from(red.games + 1);
            (
                rd_red * (41.0 - n) / 20.0,
                rd_black * (n / 20.0) * (2.0 / 3.0),
            )
        }
        (false, true) => {
            let n = f64::from(black.games + 1);
            (
                rd_red * (n / 20.0) * (2.0 / 3.0),
                rd_black * (41.0 - n) / 20.0,
            )
        }
    };
    RatingChange::rated(red, black, bump(red, d_red), bump(black, d_black), result)
}

/// `lotto`: plain Elo with the lotto K table; `result` is already the scored result.
pub(crate) fn rate_lotto(
    red: &PlayerRating,
    black: &PlayerRating,
    result: GameResult,
) -> RatingChange {
    let (d_red, d_black) = plain_deltas(red, black, result, lotto_k, 0.0);
    RatingChange::rated(red, black, bump(red, d_red), bump(black, d_black), result)
}

/// `qq`: Exp = 1/(10^(Dr/400) + 1), Dr = (opponent − own) + Yfirst, Yfirst = −100 for red
/// (who moved first) and +100 for black.
pub(crate) fn rate_qq(
    red: &PlayerRating,
    black: &PlayerRating,
    result: GameResult,
) -> RatingChange {
    let (d_red, d_black) = plain_deltas(red, black, result, qq_k, QQ_FIRST_MOVE);
    RatingChange::rated(red, black, bump(red, d_red), bump(black, d_black), result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_tables_switch_at_their_boundaries() {
        assert_eq!(ourgame_k(1999.9), 32.0);
        assert_eq!(ourgame_k(2000.0), 24.0);
        assert_eq!(ourgame_k(2400.0), 16.0);
        assert_eq!(ourgame_k(2800.0), 8.0);
        assert_eq!(lotto_k(-0.1), 50.0);
        assert_eq!(lotto_k(0.0), 30.0);
        assert_eq!(lotto_k(999.0), 30.0);
        assert_eq!(lotto_k(1000.0), 20.0);
        assert_eq!(lotto_k(1599.0), 20.0);
        assert_eq!(lotto_k(1600.0), 14.0);
        assert_eq!(lotto_k(2199.0), 14.0);
        assert_eq!(lotto_k(2200.0), 10.0);
        assert_eq!(qq_k(999.0), 120.0);
        assert_eq!(qq_k(1000.0), 60.0);
        assert_eq!(qq_k(1400.0), 30.0);
        assert_eq!(qq_k(1800.0), 25.0);
        assert_eq!(qq_k(2000.0), 20.0);
        assert_eq!(qq_k(2200.0), 15.0);
        assert_eq!(qq_k(2400.0), 10.0);
    }

    #[test]
    fn expected_scores_are_symmetric() {
        let a = expected_score(1700.0, 1500.0);
        let b = expected_score(1500.0, 1700.0);
        assert!((a + b - 1.0).abs() < 1e-12);
        assert!((expected_score(1500.0, 1500.0) - 0.5).abs() < 1e-12);
    }
}
