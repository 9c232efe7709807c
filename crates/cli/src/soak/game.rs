//! One soak worker: two registered players at one table playing game after game of random legal
//! moves, with a wager between them and two spectators betting on each game, through every
//! restart of the server. The worker remembers every move the server
//! acknowledged; after each lost connection it joins again and checks that the game came back
//! with exactly those moves (plus, at most, the one move sent but not yet acknowledged).

use client::{ClientError, HttpClient, WsClient};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// A game the worker played (or was playing when the run ended).
#[derive(Clone, Debug)]
pub struct Played {
    /// The stored game.
    pub id: u64,
    /// Every acknowledged move, in order.
    pub moves: Vec<String>,
    /// Whether the worker saw it end.
    pub finished: bool,
}

/// What one worker did.
#[derive(Debug, Default)]
pub struct WorkerReport {
    /// Its games.
    pub games: Vec<Played>,
    /// Moves acknowledged.
    pub moves: u64,
    /// Times both players connected and joined (the first time, then after each outage).
    pub resyncs: u64,
    /// Broken promises: a game that came back different from what was acknowledged.
    pub inconsistencies: Vec<String>,
    /// Wagers escrowed and bets placed.
    pub coin_steps: u64,
    /// Wager or bet steps the server refused (not enough coins, betting closed, …): allowed.
    pub coin_refusals: u64,
}

/// The worker's settings.
#[derive(Clone, Debug)]
pub struct WorkerSetup {
    /// The server (the same address after every restart).
    pub addr: SocketAddr,
    /// The table this worker plays at.
    pub table: u64,
    /// Its players' names: Red, Black and the two spectators.
    pub names: [String; 4],
    /// Plies per game before Red resigns.
    pub plies: usize,
    /// Pause between moves.
    pub think: Duration,
    /// When to stop starting anything new.
    pub until: Instant,
    /// Seed of the move choice.
    pub seed: u64,
}

struct Side {
    http: HttpClient,
    ws: Option<WsClient>,
}

struct Worker {
    s: WorkerSetup,
    red: Side,
    black: Side,
    /// The spectators who bet on Red and on Black.
    fans: [Side; 2],
    game: Option<Played>,
    legal: Vec<String>,
    /// Whether the table's time control is set (it is proposed by Red while alone).
    control_set: bool,
    rng: u64,
    report: WorkerReport,
}

/// Runs one worker until `setup.until`.
pub async fn run(setup: WorkerSetup) -> WorkerReport {
    let mut w = Worker {
        red: Side {
            http: HttpClient::new(setup.addr),
            ws: None,
        },
        black: Side {
            http: HttpClient::new(setup.addr),
            ws: None,
        },
        fans: [
            Side {
                http: HttpClient::new(setup.addr),
                ws: None,
            },
            Side {
                http: HttpClient::new(setup.addr),
                ws: None,
            },
        ],
        game: None,
        legal: Vec::new(),
        control_set: false,
        rng: setup.seed | 1,
        report: WorkerReport::default(),
        s: setup,
    };
    if let Err(e) = w.register().await {
        w.report
            .inconsistencies
            .push(format!("table {}: registering: {e}", w.s.table));
        return w.report;
    }
    while Instant::now() < w.s.until {
        match w.step().await {
            Ok(()) => {}
            Err(ClientError::Refused(v)) => {
                // A refusal the worker did not expect: note it, then start from a fresh view.
                let code = v["code"].as_str().unwrap_or_default().to_owned();
                // `unavailable`: the server is stopping; `not_playing`: the game ended meanwhile.
                if code != "not_playing" && code != "unavailable" {
                    w.report
                        .inconsistencies
                        .push(format!("table {}: refused {v}", w.s.table));
                }
                w.resync_until_up().await;
            }
            Err(_) => w.resync_until_up().await,
        }
    }
    // The game in progress is resigned, so that every wager and pool is settled by the end.
    if w.game.is_some() {
        let t = w.s.table;
        if let Some(ws) = w.red.ws.as_mut() {
            if allow(
                ws.call(json!({"t": "resign", "table": t})).await,
                &["not_playing"],
            )
            .is_ok()
            {
                w.finish();
            }
        }
    }
    if let Some(g) = w.game.take() {
        w.report.games.push(g);
    }
    w.report
}

impl Worker {
    fn next(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    async fn register(&mut self) -> Result<(), ClientError> {
        let [r, b, f0, f1] = self.s.names.clone();
        let [fan0, fan1] = &mut self.fans;
        for (side, name) in [
            (&mut self.red, r),
            (&mut self.black, b),
            (fan0, f0),
            (fan1, f1),
        ] {
            side.http.register(&name, "soak-password").await?;
        }
        Ok(())
    }

    /// One step: connect, set up a game, play a move, or finish the game.
    async fn step(&mut self) -> Result<(), ClientError> {
        let sides = [&self.red, &self.black, &self.fans[0], &self.fans[1]];
        if sides.iter().any(|s| s.ws.is_none()) {
            return self.resync().await;
        }
        let Some(game) = &self.game else {
            return self.start_game().await;
        };
        let ply = game.moves.len();
        if ply >= self.s.plies || self.legal.is_empty() {
            // Red and Black take turns to lose, so neither runs out of coins to stake.
            let loser = if self.report.games.len().is_multiple_of(2) {
                &mut self.red
            } else {
                &mut self.black
            };
            let resigned = ws(loser)?
                .call(json!({"t": "resign", "table": self.s.table}))
                .await;
            allow(resigned, &["not_playing"])?;
            self.finish();
            return Ok(());
        }
        let pick = self.next() % self.legal.len() as u64;
        let mv = self.legal[usize::try_from(pick).unwrap_or(0)].clone();
        let table = self.s.table;
        let mover = if ply % 2 == 0 {
            &mut self.red
        } else {
            &mut self.black
        };
        let events = ws(mover)?
            .call(json!({"t": "move", "table": table, "mv": mv}))
            .await?;
        if let Some(g) = self.game.as_mut() {
            g.moves.push(mv);
        }
        self.report.moves += 1;
        for m in &events {
            match m["e"]["type"].as_str() {
                Some("moved") => self.legal = strings(&m["e"]["legal"]),
                Some("game_ended") => self.legal.clear(),
                _ => {}
            }
        }
        if events.iter().any(|m| m["e"]["type"] == "game_ended") {
            self.finish();
        }
        self.clear_all();
        tokio::time::sleep(self.s.think).await;
        Ok(())
    }

    fn finish(&mut self) {
        if let Some(mut g) = self.game.take() {
            g.finished = true;
            self.report.games.push(g);
        }
        self.legal.clear();
    }

    /// Sit, set a one-hour control (Red proposes it while alone at the table) and start.
    async fn start_game(&mut self) -> Result<(), ClientError> {
        let t = self.s.table;
        let control = json!({"stages": [{"time": 3_600_000, "moves": 0}], "per_move": null,
            "byoyomi": null, "increment": 0});
        let mut steps: Vec<(bool, Value)> =
            vec![(true, json!({"t": "sit", "table": t, "color": "red"}))];
        if !self.control_set {
            steps.push((
                true,
                json!({"t": "propose", "table": t, "control": control}),
            ));
        }
        steps.push((false, json!({"t": "sit", "table": t, "color": "black"})));
        steps.push((true, json!({"t": "ready", "table": t, "ready": true})));
        for (red, msg) in steps {
            let side = if red { &mut self.red } else { &mut self.black };
            allow(ws(side)?.call(msg).await, &["already_seated"])?;
        }
        self.control_set = true;
        let ws_b = ws(&mut self.black)?;
        ws_b.call(json!({"t": "ready", "table": t, "ready": true}))
            .await?;
        let started = ws_b.event("game_started").await?;
        let id = started["e"]["game"]["game_id"].as_u64().unwrap_or(0);
        self.legal = strings(&started["e"]["game"]["legal"]);
        if self.legal.is_empty() {
            self.legal = xiangqi::Position::startpos()
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect();
        }
        self.game = Some(Played {
            id,
            moves: Vec::new(),
            finished: false,
        });
        self.clear_all();
        self.stake(id).await
    }

    /// A wager of 5 coins each between the players and a bet of 3 by each spectator on game
    /// `id`; refusals (not enough coins, betting closed) are counted, not errors.
    async fn stake(&mut self, id: u64) -> Result<(), ClientError> {
        let t = self.s.table;
        let stakes = json!({"red": 5, "black": 5});
        let steps = [
            (
                0,
                json!({"t": "wager_propose", "table": t, "stakes": stakes}),
            ),
            (
                1,
                json!({"t": "wager_confirm", "table": t, "stakes": stakes}),
            ),
            (
                0,
                json!({"t": "wager_agree", "table": t, "stakes": stakes, "key": format!("soak-w{id}-r")}),
            ),
            (
                1,
                json!({"t": "wager_agree", "table": t, "stakes": stakes, "key": format!("soak-w{id}-b")}),
            ),
            (
                2,
                json!({"t": "bet", "table": t, "game_id": id, "pick": "red", "amount": 3, "key": format!("soak-b{id}-0")}),
            ),
            (
                3,
                json!({"t": "bet", "table": t, "game_id": id, "pick": "black", "amount": 3, "key": format!("soak-b{id}-1")}),
            ),
        ];
        for (who, msg) in steps {
            let [fan0, fan1] = &mut self.fans;
            let side = match who {
                0 => &mut self.red,
                1 => &mut self.black,
                2 => fan0,
                _ => fan1,
            };
            match ws(side)?.call(msg).await {
                Ok(_) => self.report.coin_steps += 1,
                Err(ClientError::Refused(_)) => self.report.coin_refusals += 1,
                Err(e) => return Err(e),
            }
        }
        self.clear_all();
        Ok(())
    }

    /// Forgets what every socket received (the worker reads answers, not broadcasts).
    fn clear_all(&mut self) {
        let [fan0, fan1] = &mut self.fans;
        for side in [&mut self.red, &mut self.black, fan0, fan1] {
            if let Some(w) = side.ws.as_mut() {
                w.clear();
            }
        }
    }

    /// Connect again (the server may still be down) until it answers or the run is over.
    async fn resync_until_up(&mut self) {
        self.red.ws = None;
        self.black.ws = None;
        self.fans[0].ws = None;
        self.fans[1].ws = None;
        while Instant::now() < self.s.until + Duration::from_secs(90) {
            match self.resync().await {
                Ok(()) => return,
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }

    /// New sockets for both players, both join the table, and the game in progress is compared
    /// with what was acknowledged.
    async fn resync(&mut self) -> Result<(), ClientError> {
        let (t, addr) = (self.s.table, self.s.addr);
        let mut state = Value::Null;
        let [fan0, fan1] = &mut self.fans;
        for side in [fan0, fan1, &mut self.black, &mut self.red] {
            let (mut ws, _) = WsClient::connect(addr, side.http.cookie.as_deref()).await?;
            ws.timeout = Duration::from_secs(20);
            ws.call(json!({"t": "join", "table": t})).await?;
            state = ws
                .next_where(|m| m["t"] == "table_state", "table_state")
                .await?["state"]
                .clone();
            ws.clear();
            side.ws = Some(ws);
        }
        self.report.resyncs += 1;
        // A fresh table needs its control set again; a restored game brought it back.
        self.control_set = !state["game"].is_null();
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        let g = &state["game"];
        if g["game_id"].as_u64() != Some(game.id) {
            // Not at the table: it must have ended before the outage (a resignation or a last
            // move stored whose `ack` was lost with the connection), so its record says so.
            let id = game.id;
            let (_, record) = self.red.http.get(&format!("/api/games/{id}")).await?;
            let stored = strings(&record["game"]["moves"]);
            let acked = &self
                .game
                .as_ref()
                .map(|g| g.moves.clone())
                .unwrap_or_default();
            let over = record["game"]["status"] == "finished";
            if over && stored.len() <= acked.len() + 1 && stored.starts_with(acked) {
                if let Some(g) = self.game.as_mut() {
                    g.moves = stored;
                }
                self.finish();
            } else {
                self.report.inconsistencies.push(format!(
                    "table {t}: game {id} with {} acknowledged moves is gone (table shows {}, record {})",
                    acked.len(),
                    g["game_id"],
                    record["game"]["status"]
                ));
                self.game = None;
            }
            return Ok(());
        }
        let stored = strings(&g["moves"]);
        let acked = game.moves.len();
        let kept =
            stored.len() >= acked && stored.len() <= acked + 1 && stored[..acked] == game.moves[..];
        if !kept {
            self.report.inconsistencies.push(format!(
                "table {t}: game {} came back with moves {stored:?}, acknowledged {:?}",
                game.id, game.moves
            ));
        }
        // A move sent just before the outage may have been stored without its ack arriving.
        game.moves = stored;
        self.legal = strings(&g["legal"]);
        if !g["end"].is_null() {
            self.finish();
        }
        Ok(())
    }
}

/// The side's socket (`Closed` when it has none).
fn ws(side: &mut Side) -> Result<&mut WsClient, ClientError> {
    side.ws.as_mut().ok_or(ClientError::Closed)
}

/// `Ok` also for a refusal with one of `codes`.
fn allow(r: Result<Vec<Value>, ClientError>, codes: &[&str]) -> Result<(), ClientError> {
    match r {
        Ok(_) => Ok(()),
        Err(ClientError::Refused(v)) if codes.iter().any(|c| v["code"] == *c) => Ok(()),
        Err(e) => Err(e),
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}
