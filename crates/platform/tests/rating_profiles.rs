//! Worked examples of the Elo profiles (PLATFORM.md §3–4), with the arithmetic written out.
//! Powers of ten used below: 10^0.25 = 1.778279, 10^−0.25 = 0.562341, 10^0.5 = 3.162278,
//! 10^−0.5 = 0.316228, 10^−1.75 = 0.0177828, 10^0.2 = 1.584893, 10^−0.2 = 0.630957.

use platform::rating::{
    expected_score, PlayerRating, Profile, RatedGame, RatingStatus, UnratedReason,
};
use xiangqi::{EndReason, GameResult};

fn player(rating: f64, games: u32) -> PlayerRating {
    PlayerRating {
        games,
        ..PlayerRating::new(rating)
    }
}

fn game(result: GameResult, reason: EndReason, plies: u32) -> RatedGame {
    RatedGame {
        result,
        reason,
        plies,
    }
}

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-3,
        "got {actual}, expected {expected}"
    );
}

#[test]
fn initial_ratings_per_profile() {
    assert_eq!(Profile::default(), Profile::Ourgame);
    assert_eq!(Profile::Ourgame.initial().rating, 1400.0);
    assert_eq!(Profile::Lotto.initial().rating, 800.0);
    assert_eq!(Profile::Qq.initial().rating, 1400.0);
    assert_eq!(Profile::Ourgame.initial().games, 0);
}

#[test]
fn ourgame_both_rated() {
    // Red 1600 (30 games) beats black 1500 (50 games); both below 2000, so K = 32.
    // We(red) = 1/(1 + 10^((1500−1600)/400)) = 1/(1 + 0.562341) = 0.640065
    // red:   1600 + 32·(1 − 0.640065) = 1600 + 11.51792 = 1611.51792
    // black: We = 1 − 0.640065 = 0.359935; 1500 + 32·(0 − 0.359935) = 1488.48208
    let change = Profile::Ourgame.rate(
        &player(1600.0, 30),
        &player(1500.0, 50),
        &game(GameResult::RedWins, EndReason::Checkmate, 61),
    );
    close(change.red.rating, 1611.51792);
    close(change.black.rating, 1488.48208);
    close(change.red_delta, 11.51792);
    assert_eq!((change.red.games, change.black.games), (31, 51));
    assert_eq!(
        change.status,
        RatingStatus::Rated {
            scored_as: GameResult::RedWins
        }
    );
}

#[test]
fn ourgame_k_follows_each_players_own_rating() {
    // Red 2450 (K = 16) draws black 1950 (K = 32).
    // We(red) = 1/(1 + 10^(−500/400)) = 1/(1 + 0.0562341) = 0.946760
    // red:   16·(0.5 − 0.946760) = −7.14816
    // black: 32·(0.5 − 0.053240) = +14.29632 — not the mirror image of red's change.
    let change = Profile::Ourgame.rate(
        &player(2450.0, 100),
        &player(1950.0, 100),
        &game(GameResult::Draw, EndReason::Agreement, 80),
    );
    close(change.red_delta, -7.14816);
    close(change.black_delta, 14.29632);
}

#[test]
fn ourgame_rated_against_provisional() {
    // Red 2100 (rated, K = 24) loses to black 1400 with 4 valid games (provisional, K = 32);
    // n = 5 counting this game.
    // We(red) = 1/(1 + 10^((1400−2100)/400)) = 1/(1 + 0.0177828) = 0.982528
    // Rd(red)   = 24·(0 − 0.982528) = −23.58067;  red:   2100 + Rd·(5/20)·(2/3) = 2100 − 3.93011
    // Rd(black) = 32·(1 − 0.017472) = 31.44089;   black: 1400 + Rd·(41 − 5)/20 = 1400 + 56.59361
    let change = Profile::Ourgame.rate(
        &player(2100.0, 200),
        &player(1400.0, 4),
        &game(GameResult::BlackWins, EndReason::Resignation, 90),
    );
    close(change.red.rating, 2096.06989);
    close(change.black.rating, 1456.59361);
    assert_eq!((change.red.games, change.black.games), (201, 5));
}

#[test]
fn ourgame_provisional_first_game_counts_double_and_barely_moves_the_rated_player() {
    // A new red 1400 (0 games, n = 1) beats a rated black 1400 (K = 32 both).
    // We = 0.5; Rd = 32·0.5 = 16. Red: 1400 + 16·(41 − 1)/20 = 1400 + 32.
    // Black: Rd = −16; 1400 − 16·(1/20)·(2/3) = 1400 − 0.533333.
    let change = Profile::Ourgame.rate(
        &player(1400.0, 0),
        &player(1400.0, 25),
        &game(GameResult::RedWins, EndReason::Timeout, 40),
    );
    close(change.red.rating, 1432.0);
    close(change.black.rating, 1399.466667);
    // At n = 20 (19 games before) the provisional factor is (41 − 20)/20 = 1.05.
    let change = Profile::Ourgame.rate(
        &player(1400.0, 19),
        &player(1400.0, 25),
        &game(GameResult::RedWins, EndReason::Timeout, 40),
    );
    close(change.red_delta, 16.8);
    close(change.black_delta, -16.0 * (20.0 / 20.0) * (2.0 / 3.0));
    assert_eq!(change.red.games, 20);
    assert!(!Profile::Ourgame.is_provisional(&change.red));
}

#[test]
fn ourgame_two_provisional_players_change_nothing() {
    let red = player(1400.0, 3);
    let black = player(1450.0, 19);
    let change = Profile::Ourgame.rate(
        &red,
        &black,
        &game(GameResult::RedWins, EndReason::Checkmate, 50),
    );
    assert_eq!(
        change.status,
        RatingStatus::Unrated(UnratedReason::BothProvisional)
    );
    assert_eq!((change.red, change.black), (red, black));
}

#[test]
fn games_under_two_plies_are_unrated_in_ourgame_qq_and_glicko2() {
    // Elo profiles carry the Glicko-2 fields unchanged, so one pair of players serves all.
    let red = PlayerRating {
        deviation: 200.0,
        volatility: 0.06,
        ..player(1500.0, 30)
    };
    let black = red;
    for profile in [
        Profile::Ourgame,
        Profile::Qq,
        Profile::Glicko2(Default::default()),
    ] {
        for reason in [
            EndReason::Resignation,
            EndReason::Timeout,
            EndReason::Abandoned,
        ] {
            let change = profile.rate(&red, &black, &game(GameResult::RedWins, reason, 1));
            assert_eq!(
                change.status,
                RatingStatus::Unrated(UnratedReason::TooShort { plies: 1, min: 2 }),
                "{profile} {reason}"
            );
            assert_eq!(change.red, red);
        }
        // From 2 plies on, leaving is an ordinary loss.
        let change = profile.rate(
            &red,
            &black,
            &game(GameResult::RedWins, EndReason::Abandoned, 2),
        );
        assert!(change.is_rated(), "{profile}");
        assert!(change.black.rating < black.rating);
    }
}

#[test]
fn unfinished_games_are_unrated() {
    let p = player(1500.0, 30);
    let change = Profile::Lotto.rate(
        &p,
        &p,
        &game(GameResult::Unfinished, EndReason::Adjudication, 40),
    );
    assert_eq!(
        change.status,
        RatingStatus::Unrated(UnratedReason::Unfinished)
    );
}

#[test]
fn non_finite_ratings_change_nothing() {
    let bad = player(f64::NAN, 30);
    let good = player(1500.0, 30);
    let change = Profile::Qq.rate(
        &bad,
        &good,
        &game(GameResult::RedWins, EndReason::Checkmate, 40),
    );
    assert_eq!(
        change.status,
        RatingStatus::Unrated(UnratedReason::InvalidRating)
    );
    assert_eq!(change.black, good);
}

#[test]
fn lotto_game_within_five_plies_is_a_draw() {
    // Red 800 (都尉, K = 30) "wins" black 1000 (骑郎将, K = 20) by timeout at ply 4: scored ½–½.
    // We(red) = 1/(1 + 10^(200/400)) = 1/(1 + 3.162278) = 0.240253
    // red:   800 + 30·(0.5 − 0.240253) = 800 + 7.79241
    // black: 1000 + 20·(0.5 − 0.759747) = 1000 − 5.19494
    let red = player(800.0, 0);
    let black = player(1000.0, 0);
    let change = Profile::Lotto.rate(
        &red,
        &black,
        &game(GameResult::RedWins, EndReason::Timeout, 4),
    );
    assert_eq!(
        change.status,
        RatingStatus::Rated {
            scored_as: GameResult::Draw
        }
    );
    close(change.red.rating, 807.79241);
    close(change.black.rating, 994.80506);
    // Ply 5 is still within 5; ply 6 is a real result: red +30·(1 − 0.240253) = +22.79241.
    let at5 = Profile::Lotto.rate(
        &red,
        &black,
        &game(GameResult::RedWins, EndReason::Timeout, 5),
    );
    close(at5.red_delta, 7.79241);
    let at6 = Profile::Lotto.rate(
        &red,
        &black,
        &game(GameResult::RedWins, EndReason::Timeout, 6),
    );
    close(at6.red_delta, 22.79241);
    // Nobody moved: aborted, unrated.
    let at0 = Profile::Lotto.rate(
        &red,
        &black,
        &game(GameResult::RedWins, EndReason::Timeout, 0),
    );
    assert!(!at0.is_rated());
}

#[test]
fn lotto_negative_values_use_k_50() {
    // Red −100 (兵卒, K = 50) beats black −100 (K = 50): We = 0.5, red +25, black −25.
    let change = Profile::Lotto.rate(
        &player(-100.0, 5),
        &player(-100.0, 5),
        &game(GameResult::RedWins, EndReason::Checkmate, 30),
    );
    close(change.red.rating, -75.0);
    close(change.black.rating, -125.0);
}

#[test]
fn qq_draw_between_equals_costs_red() {
    // Both 1500 (K = 30). Red: Dr = 0 − 100 = −100, Exp = 1/(10^(−0.25) + 1) = 1/1.562341 = 0.640065
    // red:   30·(0.5 − 0.640065) = −4.20195
    // black: Dr = 0 + 100, Exp = 1/(10^0.25 + 1) = 1/2.778279 = 0.359935; 30·(0.5 − 0.359935) = +4.20195
    let change = Profile::Qq.rate(
        &player(1500.0, 10),
        &player(1500.0, 10),
        &game(GameResult::Draw, EndReason::Repetition, 100),
    );
    close(change.red_delta, -4.20195);
    close(change.black_delta, 4.20195);
}

#[test]
fn qq_black_beats_stronger_red() {
    // Red 1600, black 1500, both K = 30. Red: Dr = (1500 − 1600) − 100 = −200,
    // Exp = 1/(10^(−0.5) + 1) = 1/1.316228 = 0.759747; red 30·(0 − 0.759747) = −22.79241.
    // Black: Dr = 100 + 100 = 200, Exp = 1/(3.162278 + 1) = 0.240253; 30·(1 − 0.240253) = +22.79241.
    let change = Profile::Qq.rate(
        &player(1600.0, 10),
        &player(1500.0, 10),
        &game(GameResult::BlackWins, EndReason::Checkmate, 77),
    );
    close(change.red.rating, 1577.20759);
    close(change.black.rating, 1522.79241);
}

#[test]
fn qq_k_differs_across_the_1000_boundary() {
    // Red 990 (K = 120) beats black 1010 (K = 60).
    // Red: Dr = 20 − 100 = −80, Exp = 1/(10^(−0.2) + 1) = 1/1.630957 = 0.613137;
    //      120·(1 − 0.613137) = +46.42356.
    // Black: Dr = −20 + 100 = 80, Exp = 1/(10^0.2 + 1) = 1/2.584893 = 0.386863;
    //      60·(0 − 0.386863) = −23.21178.
    let change = Profile::Qq.rate(
        &player(990.0, 3),
        &player(1010.0, 3),
        &game(GameResult::RedWins, EndReason::Checkmate, 50),
    );
    close(change.red_delta, 46.42356);
    close(change.black_delta, -23.21178);
}

#[test]
fn expected_score_matches_the_formula() {
    // 1/(1 + 10^(100/400)) = 1/(1 + 1.778279) = 0.359935
    close(expected_score(1500.0, 1600.0), 0.359935);
}

#[test]
fn profile_names_round_trip() {
    for name in ["ourgame", "lotto", "qq", "glicko2"] {
        let p: Profile = name.parse().unwrap();
        assert_eq!(p.name(), name);
    }
    assert!("elo".parse::<Profile>().is_err());
}

#[test]
fn rating_change_is_storable() {
    let change = Profile::Lotto.rate(
        &player(800.0, 0),
        &player(800.0, 0),
        &game(GameResult::BlackWins, EndReason::Checkmate, 3),
    );
    let json = serde_json::to_string(&change).unwrap();
    assert!(json.contains("\"scored_as\":\"1/2-1/2\""), "{json}");
    let back: platform::rating::RatingChange = serde_json::from_str(&json).unwrap();
    assert_eq!(back, change);
}
