//! A room's rules (issue 21): the repetition profile and the natural move limit reach the
//! table's judge and its `table_state`; the player on move is told which moves lose by
//! repetition; a room in `refuse` mode refuses them and nothing changes, while a room in `warn`
//! mode plays them and the game is lost.

use crate::common::{minutes, start_game, test_config, untimed, Player, TestDb, TestServer};
use serde_json::{json, Value};
use server::config::RoomConfig;
use server::Config;

/// Red's horse shuttles between e2 and d4, attacking Black's chariot on c2 each time.
const CHASE_FEN: &str = "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1";
/// An idle king move, then two turns of the cycle: Red's next `d4e2` brings the position
/// after `f0f1` back for the third time, completing Red's perpetual chase.
const CYCLE: [&str; 8] = [
    "f0f1", "d9e9", "e2d4", "e9d9", "d4e2", "d9e9", "e2d4", "e9d9",
];
/// The move that loses by perpetual chase.
const LOSING: &str = "d4e2";

/// The test configuration with one more room of one chase table, changed by `f`; returns it
/// with that table's id.
fn with_room(db: &TestDb, id: &str, f: impl FnOnce(&mut RoomConfig)) -> (Config, u64) {
    let mut config = test_config(db);
    let mut room = RoomConfig::new(id, id, 1);
    room.time_control = "untimed".into();
    room.start_fen = Some(CHASE_FEN.into());
    f(&mut room);
    config.rooms.push(room);
    let table = config.rooms.iter().map(|r| u64::from(r.tables)).sum();
    (config, table)
}

/// The `moved` event of ply `ply` (earlier ones are skipped).
async fn moved_at(p: &mut Player, ply: u64) -> Value {
    loop {
        let e = p.event("moved").await;
        if e["ply"] == ply {
            return e;
        }
    }
}

/// Plays [`CYCLE`]; returns the `moved` event of its last ply as Red saw it (Red on move).
async fn play_cycle(red: &mut Player, black: &mut Player, table: u64) -> Value {
    let mut last = Value::Null;
    for (i, mv) in CYCLE.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *red, &mut *black)
        } else {
            (&mut *black, &mut *red)
        };
        mover.mv(table, mv).await;
        last = moved_at(other, i as u64 + 1).await;
    }
    // Black made the last move: `last` is Red's view of it.
    last
}

async fn journal_rows(db: &TestDb, game: u64) -> i64 {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&db.url)
        .await
        .expect("connect");
    sqlx::query_scalar("SELECT COUNT(*) FROM game_log WHERE game_id = $1")
        .bind(i64::try_from(game).expect("small"))
        .fetch_one(&mut conn)
        .await
        .expect("count")
}

/// The warning of `mv` among `warnings`.
fn warning<'a>(warnings: &'a Value, mv: &str) -> Option<&'a Value> {
    warnings.as_array()?.iter().find(|w| w["mv"] == mv)
}

#[tokio::test]
async fn a_refusing_room_refuses_the_losing_move_and_nothing_changes() {
    let db = TestDb::new().await;
    let (config, table) = with_room(&db, "refuse", |r| r.repetition = "refuse".into());
    let srv = TestServer::start_with(config).await;
    let (mut red, mut black) = start_game(srv.addr, table, minutes(10), ("rr", "rb")).await;
    let moved = play_cycle(&mut red, &mut black, table).await;
    let w = warning(&moved["warnings"], LOSING).expect("the losing move is flagged");
    assert_eq!(w["kind"], "loses", "{w}");
    assert_eq!(w["reason"], "perpetual_chase", "{w}");

    let mut watcher = Player::register(srv.addr, "rwatch").await;
    let before = watcher.join_state(table).await;
    let game_id = before["state"]["game"]["game_id"]
        .as_u64()
        .expect("game id");
    let rows = journal_rows(&db, game_id).await;
    assert_eq!(before["state"]["rules"]["repetition"], "refuse");

    let code = red
        .refused(json!({"t": "move", "table": table, "mv": LOSING}))
        .await;
    assert_eq!(code, "losing_repetition");

    let after = watcher.join_state(table).await;
    let (b, a) = (&before["state"]["game"], &after["state"]["game"]);
    for key in ["moves", "fen", "turn", "ply", "end", "warnings"] {
        assert_eq!(b[key], a[key], "{key} changed");
    }
    assert_eq!(before["v"], after["v"], "an event was published");
    assert_eq!(b["clock"]["black"], a["clock"]["black"]);
    assert_eq!(a["clock"]["running"], "red");
    assert_eq!(
        journal_rows(&db, game_id).await,
        rows,
        "the refusal was journaled"
    );

    // Another move is played, and the game goes on: Black's next `moved` is that one.
    red.mv(table, "f1f0").await;
    let moved = moved_at(&mut black, 9).await;
    assert_eq!((&moved["mv"], &moved["ply"]), (&json!("f1f0"), &json!(9)));
    assert_eq!(journal_rows(&db, game_id).await, rows + 1);
}

#[tokio::test]
async fn a_warning_room_plays_the_losing_move_and_the_game_is_lost() {
    let db = TestDb::new().await;
    let (config, table) = with_room(&db, "warn", |_| {});
    let srv = TestServer::start_with(config).await;
    let (mut red, mut black) = start_game(srv.addr, table, untimed(), ("wr", "wb")).await;
    let moved = play_cycle(&mut red, &mut black, table).await;
    assert_eq!(
        warning(&moved["warnings"], LOSING).map(|w| w["kind"].clone()),
        Some(json!("loses"))
    );
    red.mv(table, LOSING).await;
    let end = black.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "perpetual_chase", "{end}");
    assert_eq!(end["end"]["result"], "0-1");
}

#[tokio::test]
async fn the_rooms_rule_set_reaches_the_judge_and_the_table_state() {
    let db = TestDb::new().await;
    let (config, table) = with_room(&db, "cxa", |r| {
        r.rules = "cxa".into();
        r.move_limit = 2;
    });
    let srv = TestServer::start_with(config).await;
    let (mut red, mut black) = start_game(srv.addr, table, untimed(), ("xr", "xb")).await;
    let state = red.join_state(table).await;
    assert_eq!(
        state["state"]["rules"],
        json!({"profile": "cxa", "move_limit": 2, "repetition": "warn"})
    );
    assert_eq!(state["state"]["game"]["warnings"], json!([]));
    // Two moves each without a capture reach the limit.
    for (i, mv) in CYCLE[..4].iter().enumerate() {
        if i % 2 == 0 {
            red.mv(table, mv).await;
        } else {
            black.mv(table, mv).await;
        }
    }
    let end = red.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "move_limit", "{end}");
    assert_eq!(end["end"]["result"], "1/2-1/2");

    // A default room says its defaults.
    let mut other = Player::register(srv.addr, "xo").await;
    let std = other.join_state(1).await;
    assert_eq!(
        std["state"]["rules"],
        json!({"profile": "axf", "move_limit": 60, "repetition": "warn"})
    );
}
