//! One simulated game: two guests at a lobby table, random legal moves, each move traced from
//! sent to relayed (`failure.rs`), and the resignation that ends it timed.

use super::failure::{Cause, Failure, MoveTrace};
use super::frame::{Frame, Seen};
use super::{LoadOptions, Progress, Rng, Sample};
use crate::{ClientError, HttpClient, WsClient};
use platform::clock::TimeControl;
use platform::TableId;
use protocol::client::{ClientMsg, Side};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a player waits for an answer before the game counts as failed.
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// The two players of a table.
pub(crate) struct Players {
    pub(crate) table: u64,
    red: WsClient,
    black: WsClient,
}

/// Where the measurements go.
pub(crate) struct Sink<'a> {
    pub(crate) moves: &'a Mutex<Vec<Sample>>,
    pub(crate) ends: &'a Mutex<Vec<Sample>>,
    pub(crate) progress: &'a Progress,
    pub(crate) epoch: Instant,
}

impl Sink<'_> {
    fn sample(&self, sent: Instant) -> Sample {
        Sample {
            sent_ms: u32::try_from(sent.duration_since(self.epoch).as_millis()).unwrap_or(u32::MAX),
            micros: u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX),
        }
    }
}

async fn player(
    pool: &HttpClient,
    addr: std::net::SocketAddr,
    table: u64,
) -> Result<WsClient, ClientError> {
    let mut http = pool.sibling();
    http.guest().await?;
    let (mut ws, _) = WsClient::connect(addr, http.cookie.as_deref()).await?;
    ws.timeout = PATIENCE;
    ws.request(ClientMsg::Join {
        table: TableId(table),
        epoch: None,
        since: None,
    })
    .await?;
    Ok(ws)
}

/// Seats two guests at `table` with an untimed control; with `start`, readies both and waits
/// for the game to begin.
pub(crate) async fn setup(
    http: &HttpClient,
    opts: &LoadOptions,
    table: u64,
    start: bool,
) -> Result<Players, Failure> {
    let setup = async {
        let mut red = player(http, opts.addr, table).await?;
        let at = TableId(table);
        red.request(ClientMsg::Sit {
            table: at,
            color: Side::Red,
        })
        .await?;
        red.request(ClientMsg::Propose {
            table: at,
            control: TimeControl::untimed(),
        })
        .await?;
        let mut black = player(http, opts.addr, table).await?;
        black
            .request(ClientMsg::Sit {
                table: at,
                color: Side::Black,
            })
            .await?;
        let mut p = Players { table, red, black };
        if start {
            p.start().await?;
        }
        Ok::<_, ClientError>(p)
    };
    setup.await.map_err(|e| Failure {
        cause: Cause::Setup(e.to_string()),
        table,
        last_move: None,
    })
}

impl Players {
    /// Readies both players and waits until the game has started.
    pub(crate) async fn start(&mut self) -> Result<(), ClientError> {
        let table = self.table;
        let ready = ClientMsg::Ready {
            table: TableId(table),
            ready: true,
        };
        self.red.request(ready.clone()).await?;
        self.black.request(ready).await?;
        self.red.event("game_started").await?;
        self.black.event("game_started").await?;
        self.red.clear();
        self.black.clear();
        Ok(())
    }

    /// Plays up to `plies` random legal moves with pauses of about `think`, tracing each.
    pub(crate) async fn play(
        &mut self,
        opts: &LoadOptions,
        rng: &mut Rng,
        sink: &Sink<'_>,
    ) -> Result<(), Failure> {
        let table = self.table;
        let mut legal = super::initial_legal();
        let fail = |cause: Cause, trace: &MoveTrace| Failure {
            cause,
            table,
            last_move: (trace.ply > 0).then(|| trace.describe()),
        };
        for ply in 1..=opts.plies {
            if legal.is_empty() {
                break;
            }
            let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
            let (mover, other) = if ply % 2 == 1 {
                (&mut self.red, &mut self.black)
            } else {
                (&mut self.black, &mut self.red)
            };
            let mut trace = MoveTrace {
                ply,
                ..MoveTrace::default()
            };
            let id = ply as u64 + 1_000_000;
            let sent = Instant::now();
            mover
                .send_msg(
                    id,
                    ClientMsg::Move {
                        table: TableId(table),
                        mv,
                        lag: None,
                    },
                )
                .await
                .map_err(|e| fail(Cause::Connection(e.to_string()), &trace))?;
            trace.sent = true;
            // The opponent first: the relay latency is what it waited.
            match other.next_text_where(Frame::is_news, "moved").await {
                Ok(text) => match Frame::seen(&text, id) {
                    Seen::Moved(next) => {
                        trace.relayed = true;
                        legal = next;
                        if let Ok(mut l) = sink.moves.lock() {
                            l.push(sink.sample(sent));
                        }
                        sink.progress.moves.fetch_add(1, Ordering::Relaxed);
                    }
                    Seen::Ended(reason) => return Err(fail(Cause::Ended(reason), &trace)),
                    _ => {}
                },
                Err(ClientError::Timeout(_)) => {
                    // How far did it get? The mover's socket says whether it was stored.
                    mover.timeout = Duration::from_millis(200);
                    let _ = await_own(mover, id, &mut trace).await;
                    mover.timeout = PATIENCE;
                    return Err(fail(trace.timeout_cause(), &trace));
                }
                Err(e) => return Err(fail(Cause::Connection(e.to_string()), &trace)),
            }
            if let Err(cause) = await_own(mover, id, &mut trace).await {
                return Err(fail(cause, &trace));
            }
            mover.clear();
            other.clear();
            if !opts.think.is_zero() {
                let pause = if opts.mode.lockstep() {
                    opts.think
                } else {
                    opts.think.mul_f64(0.5 + rng.unit())
                };
                tokio::time::sleep(pause).await;
            }
        }
        Ok(())
    }

    /// Red resigns; the time until Black is told the game ended is an end's latency.
    pub(crate) async fn resign(&mut self, sink: &Sink<'_>) -> Result<(), Failure> {
        let table = self.table;
        let sent = Instant::now();
        let told = async {
            self.red
                .request(ClientMsg::Resign {
                    table: TableId(table),
                })
                .await?;
            self.black.event("game_ended").await?;
            Ok::<_, ClientError>(())
        };
        match told.await {
            Ok(()) => {
                if let Ok(mut l) = sink.ends.lock() {
                    l.push(sink.sample(sent));
                }
                self.red.clear();
                self.black.clear();
                Ok(())
            }
            // The game was over already (mate, a draw by the rules): nothing to resign.
            Err(ClientError::Refused(_)) => Ok(()),
            Err(_) => Err(Failure {
                cause: Cause::EndNotTold,
                table,
                last_move: None,
            }),
        }
    }

    /// Both players leave and close their sockets.
    pub(crate) async fn leave(mut self) {
        let table = self.table;
        let leave = ClientMsg::Leave {
            table: TableId(table),
        };
        let _ = self.red.request(leave.clone()).await;
        let _ = self.black.request(leave).await;
        self.red.close().await;
        self.black.close().await;
    }
}

/// Reads the mover's socket until its move `id` is acknowledged and echoed (or refused, or
/// the game ends), noting each step in `trace`.
async fn await_own(mover: &mut WsClient, id: u64, trace: &mut MoveTrace) -> Result<(), Cause> {
    while !(trace.acked && trace.echoed) {
        let text = match mover.next_text_where(Frame::is_news, "own move").await {
            Ok(text) => text,
            Err(ClientError::Timeout(_)) => return Err(trace.timeout_cause()),
            Err(e) => return Err(Cause::Connection(e.to_string())),
        };
        match Frame::seen(&text, id) {
            Seen::Moved(_) => trace.echoed = true,
            Seen::Ack => trace.acked = true,
            Seen::Refused(code) => return Err(Cause::Refused(code)),
            Seen::Ended(reason) if !trace.echoed => return Err(Cause::Ended(reason)),
            Seen::Ended(_) | Seen::Other => {}
        }
    }
    Ok(())
}
