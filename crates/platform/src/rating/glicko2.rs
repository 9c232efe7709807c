//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as an optional profile.
//!
//! Decision: as on lichess, every game is its own rating period (so a game updates both players
//! at once and nothing depends on the calendar), with lichess's defaults: start 1500, deviation
//! 500 clamped to 45–500, volatility 0.09, τ 0.75. [`rate_period`] takes several games at once,
//! which is how Glickman's published example is computed.

use super::game::red_score;
use super::{PlayerRating, RatingChange};
use serde::{Deserialize, Serialize};
use xiangqi::GameResult;

/// Glicko-2's scale factor between the Glicko and Glicko-2 scales (400 / ln 10).
pub const SCALE: f64 = 173.7178;
/// The rating at the centre of the Glicko-2 scale.
const CENTRE: f64 = 1500.0;
/// Convergence tolerance of the volatility iteration (ε in the paper).
const EPSILON: f64 = 0.000_001;
/// Upper bound on iterations, so that corrupt input cannot loop forever.
const MAX_ITERATIONS: u32 = 1_000;

/// Glicko-2 settings. The defaults are lichess's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko2Params {
    /// τ, how much volatility may change (Glickman suggests 0.3–1.2).
    pub tau: f64,
    /// A new player's rating.
    pub initial_rating: f64,
    /// A new player's deviation.
    pub initial_deviation: f64,
    /// A new player's volatility.
    pub initial_volatility: f64,
    /// The smallest deviation kept after a game.
    pub min_deviation: f64,
    /// The largest deviation kept after a game.
    pub max_deviation: f64,
    /// Above this deviation a rating is provisional (lichess: 110).
    pub provisional_deviation: f64,
}

impl Default for Glicko2Params {
    fn default() -> Glicko2Params {
        Glicko2Params {
            tau: 0.75,
            initial_rating: 1500.0,
            initial_deviation: 500.0,
            initial_volatility: 0.09,
            min_deviation: 45.0,
            max_deviation: 500.0,
            provisional_deviation: 110.0,
        }
    }
}

impl Glicko2Params {
    /// A new player's rating.
    #[must_use]
    pub fn initial(&self) -> PlayerRating {
        PlayerRating {
            rating: self.initial_rating,
            deviation: self.initial_deviation,
            volatility: self.initial_volatility,
            games: 0,
        }
    }
}

/// One game of a rating period: the opponent's rating and deviation, and the score (1, ½, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeriodGame {
    /// The opponent's rating.
    pub rating: f64,
    /// The opponent's deviation.
    pub deviation: f64,
    /// The player's score in this game.
    pub score: f64,
}

/// g(φ) = 1 / √(1 + 3φ²/π²).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj) = 1 / (1 + exp(−g(φj)(μ − μj))).
fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// Step 5: the new volatility σ′ by the Illinois algorithm.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        let mut i = 0;
        while f(a - k * tau) < 0.0 && i < MAX_ITERATIONS {
            k += 1.0;
            i += 1;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut i = 0;
    while (big_b - big_a).abs() > EPSILON && i < MAX_ITERATIONS {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
        i += 1;
    }
    (big_a / 2.0).exp()
}

/// Rates `player` after a rating period with `games` (steps 1–8 of Glickman's paper). With no
/// games only the deviation grows (step 6). The deviation is clamped to the params' range and
/// `games` is added to the count.
#[must_use]
pub fn rate_period(
    params: &Glicko2Params,
    player: &PlayerRating,
    games: &[PeriodGame],
) -> PlayerRating {
    let mu = (player.rating - CENTRE) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    let clamp = |rd: f64| rd.clamp(params.min_deviation, params.max_deviation);
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return PlayerRating {
            deviation: clamp(phi_star * SCALE),
            ..*player
        };
    }
    // Steps 3 and 4: estimated variance v and improvement Δ.
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for game in games {
        let mu_j = (game.rating - CENTRE) / SCALE;
        let phi_j = game.deviation / SCALE;
        let g_j = g(phi_j);
        let e_j = e(mu, mu_j, phi_j);
        v_inv += g_j * g_j * e_j * (1.0 - e_j);
        sum += g_j * (game.score - e_j);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    // Steps 5–7.
    let sigma_new = new_volatility(sigma, phi, v, delta, params.tau);
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    // Step 8.
    let count = u32::try_from(games.len()).unwrap_or(u32::MAX);
    PlayerRating {
        rating: SCALE * mu_new + CENTRE,
        deviation: clamp(SCALE * phi_new),
        volatility: sigma_new,
        games: player.games.saturating_add(count),
    }
}

/// Rates one game as a rating period of its own for each side, both from the old ratings.
pub(crate) fn rate_game(
    params: &Glicko2Params,
    red: &PlayerRating,
    black: &PlayerRating,
    result: GameResult,
) -> RatingChange {
    let w = red_score(result);
    let new_red = rate_period(
        params,
        red,
        &[PeriodGame {
            rating: black.rating,
            deviation: black.deviation,
            score: w,
        }],
    );
    let new_black = rate_period(
        params,
        black,
        &[PeriodGame {
            rating: red.rating,
            deviation: red.deviation,
            score: 1.0 - w,
        }],
    );
    RatingChange::rated(red, black, new_red, new_black, result)
}
