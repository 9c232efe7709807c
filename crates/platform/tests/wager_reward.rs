//! Winner rewards (lotto) and room entry gates.

use platform::ledger::{AccountId, Coins, GameId, Ledger, UserId};
use platform::rating::{Profile, RatedGame};
use platform::reward::{EntryError, RewardPolicy, RoomGates, RoomLevel};
use xiangqi::{EndReason, GameResult};

const RED: UserId = UserId(1);
const BLACK: UserId = UserId(2);

fn game(result: GameResult, reason: EndReason, plies: u32) -> RatedGame {
    RatedGame {
        result,
        reason,
        plies,
    }
}

#[test]
fn lotto_rewards_the_winner_ten_coins_from_the_mint() {
    let policy = RewardPolicy::for_profile(&Profile::Lotto).unwrap();
    assert_eq!(policy.amount, Coins(10));
    let tx = policy
        .reward(
            GameId(5),
            RED,
            BLACK,
            &game(GameResult::BlackWins, EndReason::Checkmate, 40),
        )
        .unwrap()
        .unwrap();
    assert_eq!(tx.key.as_str(), "reward:game:5");
    let mut l = Ledger::new();
    l.apply(tx.clone()).unwrap();
    assert!(l.apply(tx).unwrap().replayed);
    assert_eq!(l.balance(&AccountId::User(BLACK)), Coins(10));
    assert_eq!(l.issued(), Coins(10));
    l.check().unwrap();
}

#[test]
fn no_reward_for_resignation_leaving_draws_or_short_games() {
    let policy = RewardPolicy::LOTTO;
    for g in [
        game(GameResult::RedWins, EndReason::Resignation, 40),
        game(GameResult::RedWins, EndReason::Abandoned, 40),
        game(GameResult::Draw, EndReason::Agreement, 40),
        game(GameResult::Unfinished, EndReason::Adjudication, 40),
        game(GameResult::RedWins, EndReason::Timeout, 5),
    ] {
        assert_eq!(
            policy.reward(GameId(1), RED, BLACK, &g).unwrap(),
            None,
            "{g:?}"
        );
    }
    // A win on time at ply 6 is rewarded.
    let g = game(GameResult::RedWins, EndReason::Timeout, 6);
    assert_eq!(policy.winner(RED, BLACK, &g), Some(RED));
}

#[test]
fn other_profiles_have_no_reward() {
    assert_eq!(RewardPolicy::for_profile(&Profile::Ourgame), None);
    assert_eq!(RewardPolicy::for_profile(&Profile::Qq), None);
}

#[test]
fn room_gates_by_balance() {
    let gates = RoomGates::default();
    assert_eq!(gates.check_entry(RoomLevel::Beginner, Coins(0)), Ok(()));
    assert_eq!(
        gates.check_entry(RoomLevel::Intermediate, Coins(100)),
        Ok(())
    );
    assert_eq!(
        gates.check_entry(RoomLevel::Intermediate, Coins(99)),
        Err(EntryError {
            level: RoomLevel::Intermediate,
            needed: Coins(100),
            available: Coins(99)
        })
    );
    assert!(gates.check_entry(RoomLevel::Advanced, Coins(999)).is_err());
    assert_eq!(gates.check_entry(RoomLevel::Advanced, Coins(1000)), Ok(()));
    let custom = RoomGates {
        advanced: Coins(5000),
        ..RoomGates::default()
    };
    assert_eq!(custom.required(RoomLevel::Advanced), Coins(5000));
}
