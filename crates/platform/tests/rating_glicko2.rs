//! Glicko-2 against Glickman's published example ("Example of the Glicko-2 system", 2013).

use platform::rating::glicko2::{rate_period, PeriodGame, SCALE};
use platform::rating::{Glicko2Params, PlayerRating, Profile, RatedGame};
use xiangqi::{EndReason, GameResult};

#[test]
fn glickmans_example() {
    // τ = 0.5; player 1500 / RD 200 / σ 0.06 plays three games in one period:
    // beats 1400/30, loses to 1550/100, loses to 1700/300.
    // Step 2: μ = 0, φ = 200/173.7178 = 1.1513.
    //   Opponents μj = −0.5756, 0.2878, 1.1513; φj = 0.1727, 0.5756, 1.7269.
    //   g(φj) = 0.9955, 0.9531, 0.7242; E = 0.639, 0.432, 0.303.
    // Step 3: v = [0.9955²·0.639·0.361 + 0.9531²·0.432·0.568 + 0.7242²·0.303·0.697]⁻¹ = 1.7785.
    // Step 4: Δ = v·[0.9955·(1 − 0.639) + 0.9531·(0 − 0.432) + 0.7242·(0 − 0.303)] = −0.4834.
    // Step 5: σ′ = 0.05999 (Illinois iteration).
    // Step 6: φ* = √(1.1513² + 0.05999²) = 1.152862.
    // Step 7: φ′ = 1/√(1/1.152862² + 1/1.7785) = 0.8722; μ′ = 0 + 0.8722²·(−0.2718) = −0.2069.
    // Step 8: r′ = 173.7178·(−0.2069) + 1500 = 1464.06; RD′ = 173.7178·0.8722 = 151.52.
    let params = Glicko2Params {
        tau: 0.5,
        ..Glicko2Params::default()
    };
    let player = PlayerRating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
        games: 0,
    };
    let games = [
        PeriodGame {
            rating: 1400.0,
            deviation: 30.0,
            score: 1.0,
        },
        PeriodGame {
            rating: 1550.0,
            deviation: 100.0,
            score: 0.0,
        },
        PeriodGame {
            rating: 1700.0,
            deviation: 300.0,
            score: 0.0,
        },
    ];
    let new = rate_period(&params, &player, &games);
    assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
    assert!((new.deviation - 151.52).abs() < 0.01, "{}", new.deviation);
    assert!(
        (new.volatility - 0.05999).abs() < 0.00001,
        "{}",
        new.volatility
    );
    assert_eq!(new.games, 3);
}

#[test]
fn an_idle_period_only_widens_the_deviation() {
    // φ* = √(φ² + σ²): RD 200 → 173.7178·√(1.1513² + 0.06²) = 200.27.
    let params = Glicko2Params::default();
    let player = PlayerRating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
        games: 7,
    };
    let new = rate_period(&params, &player, &[]);
    assert_eq!(new.rating, 1500.0);
    let expected = SCALE * ((200.0 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt();
    assert!((new.deviation - expected).abs() < 1e-9);
    assert!((new.deviation - 200.27).abs() < 0.01);
}

#[test]
fn lichess_defaults_and_deviation_bounds() {
    let params = Glicko2Params::default();
    assert_eq!(params.tau, 0.75);
    let profile = Profile::Glicko2(params);
    let new = profile.initial();
    assert_eq!(
        (new.rating, new.deviation, new.volatility),
        (1500.0, 500.0, 0.09)
    );
    assert!(profile.is_provisional(&new));
    // A win between two new players: symmetric changes, deviation shrinks but stays ≤ 500.
    let change = profile.rate(
        &new,
        &new,
        &RatedGame {
            result: GameResult::RedWins,
            reason: EndReason::Checkmate,
            plies: 40,
        },
    );
    assert!(change.red_delta > 0.0);
    assert!((change.red_delta + change.black_delta).abs() < 1e-9);
    assert!(change.red.deviation < 500.0 && change.red.deviation >= 45.0);
    // A very settled player cannot go below the minimum deviation: with σ = 0.0001,
    // φ* ≈ φ = 45/173.7178 = 0.2590, v ≈ 4.08, φ′ = 1/√(1/0.2590² + 1/4.08) = 0.2569 → 44.6 → 45.
    let settled = PlayerRating {
        rating: 1800.0,
        deviation: 45.0,
        volatility: 0.0001,
        games: 999,
    };
    let after = profile.rate(
        &settled,
        &settled,
        &RatedGame {
            result: GameResult::Draw,
            reason: EndReason::Agreement,
            plies: 60,
        },
    );
    assert_eq!(after.red.deviation, 45.0);
    assert!(!profile.is_provisional(&after.red));
}

#[test]
fn degenerate_glicko_state_is_refused() {
    let profile = Profile::Glicko2(Glicko2Params::default());
    let zero_vol = PlayerRating {
        rating: 1500.0,
        deviation: 100.0,
        volatility: 0.0,
        games: 3,
    };
    let change = profile.rate(
        &zero_vol,
        &profile.initial(),
        &RatedGame {
            result: GameResult::RedWins,
            reason: EndReason::Checkmate,
            plies: 40,
        },
    );
    assert!(!change.is_rated());
    assert_eq!(change.red, zero_vol);
}
