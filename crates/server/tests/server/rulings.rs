//! A game ended by the repetition rules carries its evidence: in `game_ended`, in the table's
//! state for whoever joins later, and in the stored game's record (issue 21).

use crate::common::{start_game, test_config, untimed, Player, TestDb, TestServer};
use serde_json::Value;

/// Red's horse shuttles between e2 and d4, attacking Black's chariot every time it returns,
/// while Black's king only steps aside: a perpetual chase, Red loses (docs/rules.md).
const CHASE_FEN: &str = "3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1";
const CYCLE: [&str; 8] = [
    "e2d4", "d9e9", "d4e2", "e9d9", "e2d4", "d9e9", "d4e2", "e9d9",
];

fn check_evidence(e: &Value) {
    assert_eq!(e["rules"], "axf", "{e}");
    assert_eq!(e["red"]["kind"], "perpetual_chase", "{e}");
    assert_eq!(e["black"]["kind"], "allowed", "{e}");
    assert_eq!(e["red"]["chased"][0]["piece"], "r", "{e}");
    let zh = e["explain"]["zh"].as_str().expect("zh");
    assert!(zh.starts_with("红方长捉"), "{zh}");
    assert!(e["explain"]["en"]
        .as_str()
        .expect("en")
        .starts_with("Red chases perpetually"));
    let horse: Vec<&Value> = e["cycle"]
        .as_array()
        .expect("cycle")
        .iter()
        .filter(|s| s["piece"] == "N")
        .collect();
    assert!(!horse.is_empty(), "{e}");
    for s in horse {
        assert!(
            s["chases"]
                .as_array()
                .expect("chases")
                .iter()
                .any(|a| a["target"] == "r" && a["to"] == "c2"),
            "{s}"
        );
    }
}

#[tokio::test]
async fn a_perpetual_chase_comes_with_its_evidence() {
    let db = TestDb::new().await;
    let mut config = test_config(&db);
    let mut room = config.rooms[1].clone();
    room.id = "chase".into();
    room.name = "chase".into();
    room.tables = 1;
    room.start_fen = Some(CHASE_FEN.into());
    config.rooms.push(room);
    let table = config
        .rooms
        .iter()
        .map(|r| u64::from(r.tables))
        .sum::<u64>();
    let srv = TestServer::start_with(config).await;
    let (mut red, mut black) = start_game(srv.addr, table, untimed(), ("cred", "cblack")).await;
    for (i, mv) in CYCLE.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut red, &mut black)
        } else {
            (&mut black, &mut red)
        };
        mover.mv(table, mv).await;
        other.event("moved").await;
    }
    let end = black.event("game_ended").await;
    assert_eq!(end["end"]["reason"], "perpetual_chase", "{end}");
    assert_eq!(end["end"]["result"], "0-1");
    check_evidence(&end["evidence"]);

    // A late spectator gets it with the table's state.
    let mut late = Player::register(srv.addr, "clate").await;
    let state = late.join_state(table).await;
    check_evidence(&state["state"]["game"]["evidence"]);

    // And the stored record has it too.
    let id = end["game_id"].as_u64().expect("game id");
    let (_, g) = red
        .http
        .get(&format!("/api/games/{id}"))
        .await
        .expect("record");
    check_evidence(&g["game"]["evidence"]);
}
