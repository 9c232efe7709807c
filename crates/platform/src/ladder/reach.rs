//! The reach: the highest place a player may challenge. The issue's default is "the highest of
//! 10 places, 40 % of the players above, or 5 places above their rank by rating" (OGS's rule).
//! Read as OGS states it: each rule names a place, and the best (smallest number) of them is
//! the top of the reach —
//!
//! - `place - places`;
//! - `place - floor(percent·(place - 1) / 100)` (the players above are `place - 1`);
//! - `rating_place - rating_places`, where `rating_place` is the place the player's rating
//!   would give on this ladder (one more than the number of players rated higher).
//!
//! Never above place 1; a player may challenge anyone from the top of the reach down to the
//! place just above their own. Place 1 reaches nobody.

use super::config::Reach;

/// The highest place (1-based) a player at `place` may challenge, whose rating would place them
/// at `rating_place`; `None` at place 1 (nobody above).
#[must_use]
pub fn top_of_reach(reach: &Reach, place: u32, rating_place: u32) -> Option<u32> {
    if place <= 1 {
        return None;
    }
    let above = place - 1;
    let by_places = place.saturating_sub(reach.places);
    let by_percent = place - (u64::from(reach.percent) * u64::from(above) / 100) as u32;
    let mut top = by_places.min(by_percent);
    if reach.rating_places > 0 {
        top = top.min(rating_place.saturating_sub(reach.rating_places));
    }
    // A rule reaching nobody leaves `top` at `place`: then only the place just above.
    Some(top.clamp(1, above))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_of_the_three_rules_wins() {
        let r = Reach::default();
        // Place 5: 10 places reaches the top.
        assert_eq!(top_of_reach(&r, 5, 5), Some(1));
        // Place 40: 10 places → 30; 40 % of 39 = 15 → 25; rating place 40 − 5 = 35. Best: 25.
        assert_eq!(top_of_reach(&r, 40, 40), Some(25));
        // A strong newcomer at place 40 rated like the 8th: 8 − 5 = 3.
        assert_eq!(top_of_reach(&r, 40, 8), Some(3));
        // Place 12: 2; 40 % of 11 = 4 → 8; best 2.
        assert_eq!(top_of_reach(&r, 12, 12), Some(2));
        assert_eq!(top_of_reach(&r, 1, 1), None);
    }

    #[test]
    fn each_rule_alone_and_none() {
        let only = |places, percent, rating_places| Reach {
            places,
            percent,
            rating_places,
        };
        assert_eq!(top_of_reach(&only(3, 0, 0), 10, 10), Some(7));
        assert_eq!(top_of_reach(&only(0, 50, 0), 11, 11), Some(6));
        assert_eq!(top_of_reach(&only(0, 0, 2), 10, 4), Some(2));
        // Rules that reach nothing still allow the place just above.
        assert_eq!(top_of_reach(&only(0, 10, 0), 3, 3), Some(2));
    }
}
