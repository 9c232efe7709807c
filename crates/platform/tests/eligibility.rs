//! Who may wager and who may bet at a table (`platform::eligibility`).

use platform::eligibility::{bet_pool, wager_parties, BetRefusal, WagerRefusal};
use platform::ledger::{Coins, TaxRate};
use platform::parimutuel::{Pool, PoolConfig};
use platform::table::{Action, Command, Table, TableConfig};
use platform::wager::{Wager, WagerMode};
use platform::{GameId, Millis, TableId, UserId};
use xiangqi::Color;

const RED: UserId = UserId(1);
const BLACK: UserId = UserId(2);
const FAN: UserId = UserId(3);
const GUEST: UserId = UserId(4);

fn act(t: &mut Table, user: UserId, action: Action) {
    t.apply(Command::new(user, action), Millis::ZERO)
        .expect("accepted");
}

/// Red and Black seated, a spectator watching; playing if `start`.
fn table(start: bool) -> Table {
    let mut t = Table::new(TableId(1), TableConfig::default()).expect("table");
    act(&mut t, RED, Action::Sit(Color::Red));
    act(&mut t, BLACK, Action::Sit(Color::Black));
    act(&mut t, FAN, Action::Join);
    if start {
        act(&mut t, RED, Action::Ready(true));
        act(&mut t, BLACK, Action::Ready(true));
    }
    t
}

fn guest(u: UserId) -> bool {
    u == GUEST
}

fn wager(a: UserId, b: UserId) -> Wager {
    let rich = |_: UserId| Coins(1_000);
    Wager::propose(
        1,
        a,
        b,
        WagerMode::Ordinary,
        [Coins(10), Coins(10)],
        TaxRate::ZERO,
        &rich,
    )
    .expect("a wager")
}

#[test]
fn the_two_seated_registered_players_wager_with_each_other() {
    let t = table(false);
    assert_eq!(
        wager_parties(&t, false, RED, guest, None),
        Ok((RED, BLACK, Color::Red))
    );
    assert_eq!(
        wager_parties(&t, false, BLACK, guest, Some(&wager(RED, BLACK))),
        Ok((BLACK, RED, Color::Black))
    );
    assert_eq!(
        wager_parties(&t, true, RED, guest, None),
        Err(WagerRefusal::ComputerTable)
    );
    assert_eq!(
        wager_parties(&t, false, FAN, guest, None),
        Err(WagerRefusal::NotSeated)
    );
    assert_eq!(
        wager_parties(&t, false, RED, |u| u == RED, None),
        Err(WagerRefusal::Guest)
    );
    assert_eq!(
        wager_parties(&t, false, RED, |u| u == BLACK, None),
        Err(WagerRefusal::OpponentGuest)
    );
    assert_eq!(
        wager_parties(&t, false, RED, guest, Some(&wager(RED, FAN))),
        Err(WagerRefusal::AnotherWagerOpen)
    );
    let mut alone = Table::new(TableId(2), TableConfig::default()).expect("table");
    act(&mut alone, RED, Action::Sit(Color::Red));
    assert_eq!(
        wager_parties(&alone, false, RED, guest, None),
        Err(WagerRefusal::NoOpponent)
    );
}

#[test]
fn registered_spectators_bet_on_the_game_in_progress_only() {
    let pool = Pool::new(1, GameId(7), [RED, BLACK], PoolConfig::default());
    let t = table(true);
    assert_eq!(
        bet_pool(&t, Some(&pool), FAN, false, None).map(|p| p.game),
        Ok(GameId(7))
    );
    assert!(bet_pool(&t, Some(&pool), FAN, false, Some(GameId(7))).is_ok());
    assert_eq!(
        bet_pool(&t, Some(&pool), FAN, false, Some(GameId(6))).map(|p| p.game),
        Err(BetRefusal::StaleGame {
            asked: GameId(6),
            now: GameId(7)
        })
    );
    assert_eq!(
        bet_pool(&t, Some(&pool), GUEST, true, None).map(|p| p.game),
        Err(BetRefusal::Guest)
    );
    assert_eq!(
        bet_pool(&t, Some(&pool), RED, false, None).map(|p| p.game),
        Err(BetRefusal::Player)
    );
    assert_eq!(
        bet_pool(&t, None, FAN, false, None).map(|p| p.game),
        Err(BetRefusal::NoGame)
    );
    let idle = table(false);
    assert_eq!(
        bet_pool(&idle, Some(&pool), FAN, false, None).map(|p| p.game),
        Err(BetRefusal::NoGame)
    );
}
