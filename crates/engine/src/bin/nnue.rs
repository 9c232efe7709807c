//! `chuhe-nnue`: the evaluation network's pipeline — generate, label, train, check, bench.
//!
//! Key decision: one small binary of the engine crate (no server, no dependencies), each step a
//! subcommand reading and writing plain files, so that the `scripts/nnue_*.sh` wrappers can run
//! the steps on any machine and resume between them. Data lines are `FEN | score | result`, score
//! in centipawns and result (1, 0.5, 0) both from Red's point of view (bullet's text layout).
//!
//! * `gen --games N --nodes M --out FILE [--seed S] [--net NET] [--fens FILE]` — self-play at a
//!   node limit per move from varied openings (two random plies, then level-6 choices up to ply
//!   8–12; or the positions of `--fens`), writing the quiet positions (not in check, best move
//!   not a capture, no mate score) with the search score and the game's result.
//! * `label --in FILE --out FILE --nodes M [--net NET]` — searches each `FEN [| result]` line
//!   and writes the quiet ones with the search score (the result kept, 0.5 when absent).
//! * `train --data FILE[,FILE…] --out NET [--epochs E] [--batch B] [--lr L] [--lr-decay D]
//!   [--lambda W] [--threads T] [--valid F] [--seed S]` — fits the float network, saves the
//!   quantised one after every epoch (the file `--out`), reports training and held-out loss.
//! * `check --net NET [--data FILE]` — loads the file (clear error if it cannot), prints its
//!   checksum and the evaluations of the bench positions; with data, the mean absolute error
//!   of the net against the scores; verifies incremental = full on random games.
//! * `bench [--net NET] [--depth D] [--hash MB] [--rounds R]` — `chuhe bench` with the network,
//!   plus the network's own speed: `R` rounds (default 2,000) of full evaluations of the bench
//!   positions, and of incremental update + evaluation over their legal moves.
//! * `random --out NET [--seed S]` — a network with random weights (speed tests only).
//! * `positions --pgn FILE --out FILE [--skip P] [--every K]` — `FEN | result` lines from a
//!   UTF-8 PGN collection of finished games (master games: `scripts/nnue_master_positions.sh`
//!   decodes the CCPD's Big5 files first): every `K`-th position after the first `P` plies, not
//!   in check, each position once; the input of `label`.
//! * `openings --pgn FILE --out FILE [--plies N] [--min-games G] [--max K]` — match openings:
//!   the first `N` plies (default 8) of the games from the standard start, lines that at least
//!   `G` games (default 2) share, the `K` most played (default 3,000), as Fairy-Stockfish
//!   coordinates (ranks 1–10) for `match.py`, after a `#` header naming the source.

use engine::nnue::train::{train, FloatNet, Sample, TrainConfig};
use engine::nnue::{AccumulatorStack, Network};
use engine::repetition::{judge, RepEntry, Repetition};
use engine::{Control, Engine, Limits};
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;
use xiangqi::{Color, Move, Position};

const USAGE: &str = "usage:
  chuhe-nnue gen --games N --nodes M --out FILE [--seed S] [--net NET] [--fens FILE]
  chuhe-nnue label --in FILE --out FILE --nodes M [--net NET]
  chuhe-nnue train --data FILE[,FILE...] --out NET [--epochs E] [--batch B] [--lr L]
                   [--lr-decay D] [--lambda W] [--threads T] [--valid F] [--seed S]
  chuhe-nnue check --net NET [--data FILE]
  chuhe-nnue bench [--net NET] [--depth D] [--hash MB] [--rounds R]
  chuhe-nnue random --out NET [--seed S]
  chuhe-nnue positions --pgn FILE --out FILE [--skip P] [--every K]
  chuhe-nnue openings --pgn FILE --out FILE [--plies N] [--min-games G] [--max K]";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or(&[]);
    let result = match args.first().map(String::as_str) {
        Some("gen") => generate(rest),
        Some("label") => label(rest),
        Some("train") => train_cmd(rest),
        Some("check") => check(rest),
        Some("bench") => bench(rest),
        Some("random") => random(rest),
        Some("positions") => positions(rest),
        Some("openings") => openings(rest),
        _ => Err(USAGE.to_string()),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn option<T: std::str::FromStr>(
    args: &[String],
    name: &str,
    default: Option<T>,
) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a valid value")),
        None => default.ok_or_else(|| format!("{name} is required")),
    }
}

fn load_net(args: &[String]) -> Result<Option<Arc<Network>>, String> {
    match args.iter().position(|a| a == "--net") {
        None => Ok(None),
        Some(i) => {
            let path = args.get(i + 1).ok_or("--net needs a file")?;
            let net = Network::load(Path::new(path)).map_err(|e| e.to_string())?;
            eprintln!("network {path}, checksum {:016x}", net.checksum());
            Ok(Some(Arc::new(net)))
        }
    }
}

fn entry(pos: &Position) -> RepEntry {
    RepEntry {
        key: pos.hash(),
        check: pos.is_check(),
        halfmoves: pos.halfmoves(),
    }
}

/// Reads the FEN of each line (before any `|`).
fn read_fens(path: &str) -> Result<Vec<Position>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.map_err(|e| e.to_string())?;
        let fen = line.split('|').next().unwrap_or("").trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        out.push(Position::from_fen(fen).map_err(|e| format!("{path}: {e}: {fen}"))?);
    }
    Ok(out)
}

/// A small xorshift generator (the opening plies).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let games: u32 = option(args, "--games", Some(100))?;
    let nodes: u64 = option(args, "--nodes", Some(5_000))?;
    let out: String = option(args, "--out", None)?;
    let seed: u64 = option(args, "--seed", Some(1))?;
    let net = load_net(args)?;
    let starts = match args.iter().position(|a| a == "--fens") {
        Some(i) => read_fens(args.get(i + 1).ok_or("--fens needs a file")?)?,
        None => Vec::new(),
    };
    let file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
    let mut file = BufWriter::new(file);
    let mut engine = Engine::new(16);
    engine.set_network(net);
    engine.set_book(false);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let start = Instant::now();
    let mut total = 0usize;
    let mut results = [0u32; 3];
    for g in 0..games {
        engine.new_game();
        engine.set_seed(seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g)));
        let base = if starts.is_empty() {
            Position::startpos()
        } else {
            starts[rng.below(starts.len())].clone()
        };
        let (lines, result) = self_play(&mut engine, &base, nodes, &mut rng, starts.is_empty());
        for (fen, score) in &lines {
            writeln!(file, "{fen} | {score} | {result:.1}").map_err(|e| e.to_string())?;
        }
        file.flush().map_err(|e| e.to_string())?;
        total += lines.len();
        results[(result * 2.0) as usize] += 1;
        if (g + 1) % 10 == 0 || g + 1 == games {
            let s = start.elapsed().as_secs_f64();
            eprintln!(
                "games {} (Red +{} ={} -{}), positions {total}, {:.0} s, {:.1} positions/s",
                g + 1,
                results[2],
                results[1],
                results[0],
                s,
                total as f64 / s.max(1e-9)
            );
        }
    }
    Ok(())
}

/// Plays one game from `base`; returns the quiet positions with Red's score, and Red's result.
/// With `randomise`, the first two plies are random and the next 6–10 are a level-6 choice.
fn self_play(
    engine: &mut Engine,
    base: &Position,
    nodes: u64,
    rng: &mut Rng,
    randomise: bool,
) -> (Vec<(String, i32)>, f64) {
    let mut pos = base.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut history = vec![entry(&pos)];
    let mut out = Vec::new();
    let opening = if randomise { 8 + rng.below(5) } else { 0 };
    let mut big = 0;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let red_result = loop {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break if pos.turn() == Color::Red { 0.0 } else { 1.0 };
        }
        let m = if moves.len() < 2 && randomise {
            legal.as_slice()[rng.below(legal.len())]
        } else {
            engine.set_level(if moves.len() < opening { 6 } else { 10 });
            if engine.set_position(base, &moves).is_err() {
                break 0.5;
            }
            let r = engine.go(&limits, &Control::new(), &mut |_| {});
            let Some(m) = r.best else {
                break if pos.turn() == Color::Red { 0.0 } else { 1.0 };
            };
            let red = if pos.turn() == Color::Red {
                r.score
            } else {
                -r.score
            };
            big = if red.abs() > 1500 { big + 1 } else { 0 };
            if big >= 6 {
                break if red > 0 { 1.0 } else { 0.0 };
            }
            if moves.len() >= opening
                && !pos.is_check()
                && !pos.is_capture(m)
                && r.score.abs() < engine::search::MATE_BOUND
            {
                out.push((pos.fen(), red));
            }
            m
        };
        if pos.play_mut(m).is_err() {
            break 0.5;
        }
        moves.push(m);
        history.push(entry(&pos));
        match judge(&history) {
            Repetition::None => {}
            Repetition::Draw => break 0.5,
            Repetition::Win => break if pos.turn() == Color::Red { 1.0 } else { 0.0 },
            Repetition::Loss => break if pos.turn() == Color::Red { 0.0 } else { 1.0 },
        }
        if pos.halfmoves() >= 120 || moves.len() >= 400 {
            break 0.5;
        }
    };
    (out, red_result)
}

fn label(args: &[String]) -> Result<(), String> {
    let input: String = option(args, "--in", None)?;
    let out: String = option(args, "--out", None)?;
    let nodes: u64 = option(args, "--nodes", Some(20_000))?;
    let net = load_net(args)?;
    let reader =
        std::io::BufReader::new(std::fs::File::open(&input).map_err(|e| format!("{input}: {e}"))?);
    let mut file = BufWriter::new(std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?);
    let mut engine = Engine::new(16);
    engine.set_network(net);
    engine.set_book(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let start = Instant::now();
    let (mut read, mut kept) = (0usize, 0usize);
    for line in reader.lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut parts = line.split('|').map(str::trim);
        let fen = parts.next().unwrap_or("");
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let pos = Position::from_fen(fen).map_err(|e| format!("{e}: {fen}"))?;
        // The result is the last field (a `FEN | score | result` line keeps its result).
        let result: f64 = parts
            .next_back()
            .and_then(|r| r.parse().ok())
            .unwrap_or(0.5);
        read += 1;
        if pos.is_check() {
            continue;
        }
        engine.new_game();
        engine
            .set_position(&pos, &[])
            .map_err(|e| format!("{e}: {fen}"))?;
        let r = engine.go(&limits, &Control::new(), &mut |_| {});
        let Some(m) = r.best else { continue };
        if pos.is_capture(m) || r.score.abs() >= engine::search::MATE_BOUND {
            continue;
        }
        let red = if pos.turn() == Color::Red {
            r.score
        } else {
            -r.score
        };
        writeln!(file, "{fen} | {red} | {result:.1}").map_err(|e| e.to_string())?;
        kept += 1;
        if read % 1000 == 0 {
            let s = start.elapsed().as_secs_f64();
            eprintln!(
                "read {read}, kept {kept}, {:.0} s, {:.1} positions/s",
                s,
                read as f64 / s.max(1e-9)
            );
        }
    }
    file.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "read {read}, kept {kept} in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn read_samples(paths: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for path in paths.split(',') {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| e.to_string())?;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            out.push(Sample::parse(&line).map_err(|e| format!("{path}:{}: {e}", i + 1))?);
        }
    }
    Ok(out)
}

fn train_cmd(args: &[String]) -> Result<(), String> {
    let data: String = option(args, "--data", None)?;
    let out: String = option(args, "--out", None)?;
    let d = TrainConfig::default();
    let cfg = TrainConfig {
        epochs: option(args, "--epochs", Some(d.epochs))?,
        batch: option(args, "--batch", Some(d.batch))?,
        lr: option(args, "--lr", Some(d.lr))?,
        lr_decay: option(args, "--lr-decay", Some(d.lr_decay))?,
        lambda: option(args, "--lambda", Some(d.lambda))?,
        threads: option(args, "--threads", Some(d.threads))?,
        seed: option(args, "--seed", Some(d.seed))?,
    };
    let valid_frac: f64 = option(args, "--valid", Some(0.05))?;
    let start = Instant::now();
    let mut samples = read_samples(&data)?;
    // A deterministic shuffle before the split, so that the held-out part is not one game.
    let mut rng = Rng(cfg.seed | 1);
    for i in (1..samples.len()).rev() {
        let j = rng.below(i + 1);
        samples.swap(i, j);
    }
    let n_valid = ((samples.len() as f64) * valid_frac.clamp(0.0, 0.5)) as usize;
    let (valid, train_set) = samples.split_at(n_valid);
    eprintln!(
        "{} training and {} held-out positions read in {:.1} s",
        train_set.len(),
        valid.len(),
        start.elapsed().as_secs_f64()
    );
    let mut net = FloatNet::new(cfg.seed);
    eprintln!(
        "initial loss: train {:.6}, held-out {:.6}",
        net.loss(train_set, cfg.lambda),
        net.loss(valid, cfg.lambda)
    );
    let t0 = Instant::now();
    let mut save_err = None;
    train(&mut net, train_set, &cfg, &mut |epoch, loss, net| {
        let q = net.quantise();
        if let Err(e) = q.save(Path::new(&out)) {
            save_err = Some(format!("{out}: {e}"));
        }
        let s = t0.elapsed().as_secs_f64();
        eprintln!(
            "epoch {}: train {loss:.6}, held-out {:.6}, {:.0} s, {:.0} samples/s, saved {out} ({:016x})",
            epoch + 1,
            net.loss(valid, cfg.lambda),
            s,
            ((epoch + 1) * train_set.len()) as f64 / s.max(1e-9),
            q.checksum()
        );
    });
    if let Some(e) = save_err {
        return Err(e);
    }
    Ok(())
}

fn check(args: &[String]) -> Result<(), String> {
    let net = load_net(args)?.ok_or("--net is required")?;
    println!("checksum {:016x}", net.checksum());
    for fen in engine::bench::POSITIONS {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        println!(
            "{:>6} net {:>6} classical  {fen}",
            net.evaluate(&pos),
            engine::eval::evaluate(&pos)
        );
    }
    // Incremental = full along random games.
    let mut rng = Rng(0x5EED);
    let mut stack = AccumulatorStack::new(400);
    let mut checked = 0;
    for _ in 0..50 {
        let mut pos = Position::startpos();
        stack.reset(&net, &pos);
        for _ in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            let undo = pos.do_move(m);
            stack.push_move(pos.code_at(m.to()), m.from(), m.to(), undo.captured_code());
            if stack.current(&net) != &net.refresh(&pos) {
                return Err(format!("incremental accumulator differs at {}", pos.fen()));
            }
            checked += 1;
        }
    }
    println!("incremental = full at {checked} positions");
    if let Some(i) = args.iter().position(|a| a == "--data") {
        let file = args.get(i + 1).ok_or("--data needs a file")?;
        let reader =
            std::io::BufReader::new(std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?);
        let (mut err, mut classical, mut n) = (0f64, 0f64, 0usize);
        for line in reader.lines().map_while(Result::ok) {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            let (Some(Ok(pos)), Some(Ok(score))) = (
                parts.first().map(|f| Position::from_fen(f)),
                parts.get(1).map(|s| s.parse::<i32>()),
            ) else {
                continue;
            };
            let red = |v: i32| if pos.turn() == Color::Red { v } else { -v };
            err += f64::from((red(net.evaluate(&pos)) - score).abs());
            classical += f64::from((red(engine::eval::evaluate(&pos)) - score).abs());
            n += 1;
        }
        println!(
            "mean absolute error against the data's scores: network {:.1} cp, hand-written {:.1} cp, over {n} positions",
            err / n.max(1) as f64,
            classical / n.max(1) as f64
        );
    }
    Ok(())
}

fn bench(args: &[String]) -> Result<(), String> {
    let depth: i32 = option(args, "--depth", Some(engine::bench::DEFAULT_DEPTH))?;
    let hash: usize = option(args, "--hash", Some(engine::bench::DEFAULT_HASH_MB))?;
    let net = load_net(args)?;
    let r = engine::bench::run_with(depth, hash, net.clone());
    println!("positions {}", engine::bench::POSITIONS.len());
    println!("depth {depth}");
    println!("nodes {}", r.nodes);
    println!("time {} ms", r.time_ms);
    println!("nps {}", r.nps());
    if let Some(net) = net {
        let positions: Vec<Position> = engine::bench::POSITIONS
            .iter()
            .filter_map(|f| Position::from_fen(f).ok())
            .collect();
        let rounds: u64 = option(args, "--rounds", Some(2000))?;
        let t = Instant::now();
        let mut n = 0u64;
        let mut sink = 0i64;
        for _ in 0..rounds {
            for pos in &positions {
                sink += i64::from(net.evaluate(pos));
                n += 1;
            }
        }
        let full = n as f64 / t.elapsed().as_secs_f64();
        // Incremental: make a move, evaluate, take it back (what the search does per node).
        let mut stack = AccumulatorStack::new(4);
        let t = Instant::now();
        let mut m_count = 0u64;
        for _ in 0..rounds {
            for pos in &positions {
                stack.reset(&net, pos);
                for m in pos.legal_moves().iter().copied() {
                    let captured = pos.code_at(m.to());
                    stack.push_move(pos.code_at(m.from()), m.from(), m.to(), captured);
                    sink += i64::from(net.output(stack.current(&net), !pos.turn()));
                    stack.pop();
                    m_count += 1;
                }
            }
        }
        let inc = m_count as f64 / t.elapsed().as_secs_f64();
        println!("net full evaluations/s {full:.0}");
        println!("net incremental update + evaluation/s {inc:.0}");
        std::hint::black_box(sink);
    }
    Ok(())
}

fn random(args: &[String]) -> Result<(), String> {
    let out: String = option(args, "--out", None)?;
    let seed: u64 = option(args, "--seed", Some(1))?;
    let net = Network::random(seed);
    net.save(Path::new(&out))
        .map_err(|e| format!("{out}: {e}"))?;
    println!("{out}: checksum {:016x}", net.checksum());
    Ok(())
}

fn positions(args: &[String]) -> Result<(), String> {
    use xiangqi::GameResult;
    let pgn: String = option(args, "--pgn", None)?;
    let out: String = option(args, "--out", None)?;
    let skip: usize = option(args, "--skip", Some(10))?;
    let every: usize = option(args, "--every", Some(2))?;
    let text = std::fs::read_to_string(&pgn).map_err(|e| format!("{pgn}: {e}"))?;
    let collection = xiangqi::record::read_collection(&text);
    let mut file = BufWriter::new(std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?);
    let (mut games, mut written) = (0usize, 0usize);
    // Each position once (the first game that reaches it gives its result).
    let mut seen = std::collections::HashSet::new();
    for game in &collection.games {
        let result = match game.result {
            GameResult::RedWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Unfinished => continue,
        };
        let Ok(list) = game.positions() else { continue };
        games += 1;
        for pos in list.iter().skip(skip).step_by(every.max(1)) {
            if pos.is_check() || pos.legal_moves().is_empty() || !seen.insert(pos.hash()) {
                continue;
            }
            writeln!(file, "{} | {result:.1}", pos.fen()).map_err(|e| e.to_string())?;
            written += 1;
        }
    }
    file.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{} games read ({} unreadable), {games} finished, {written} positions written",
        collection.games.len(),
        collection.errors.len()
    );
    Ok(())
}

/// A move in Fairy-Stockfish's coordinates (ranks 1–10), as `match.py` reads openings.
fn fsf_move(m: Move) -> String {
    let sq = |s: xiangqi::Square| {
        let i = s.index();
        format!("{}{}", char::from(b'a' + (i % 9) as u8), i / 9 + 1)
    };
    format!("{}{}", sq(m.from()), sq(m.to()))
}

fn openings(args: &[String]) -> Result<(), String> {
    let pgn: String = option(args, "--pgn", None)?;
    let out: String = option(args, "--out", None)?;
    let plies: usize = option(args, "--plies", Some(8))?;
    let min_games: usize = option(args, "--min-games", Some(2))?;
    let max: usize = option(args, "--max", Some(3000))?;
    let text = std::fs::read_to_string(&pgn).map_err(|e| format!("{pgn}: {e}"))?;
    let collection = xiangqi::record::read_collection(&text);
    let mut counts: std::collections::HashMap<Vec<Move>, usize> = std::collections::HashMap::new();
    let mut games = 0usize;
    for game in &collection.games {
        if !game.starts_from_standard_position()
            || game.moves.len() <= plies
            || game.positions().is_err()
        {
            continue;
        }
        games += 1;
        *counts.entry(game.moves[..plies].to_vec()).or_default() += 1;
    }
    let mut lines: Vec<(Vec<Move>, usize)> = counts
        .into_iter()
        .filter(|(_, n)| *n >= min_games)
        .collect();
    let text_of = |line: &[Move]| {
        line.iter()
            .map(|&m| fsf_move(m))
            .collect::<Vec<_>>()
            .join(" ")
    };
    lines.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| text_of(&a.0).cmp(&text_of(&b.0)))
    });
    lines.truncate(max);
    let mut file = BufWriter::new(std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?);
    let w = |file: &mut BufWriter<std::fs::File>, s: String| {
        writeln!(file, "{s}").map_err(|e| e.to_string())
    };
    w(&mut file, format!("# {} openings: the first {plies} plies shared by at least {min_games} master games (most played first),", lines.len()))?;
    w(
        &mut file,
        "# from the Chinese Chess Practical Dataset (CCPD) by Yu-Han Tseng, CC BY 4.0.".to_string(),
    )?;
    w(
        &mut file,
        "# Fairy-Stockfish coordinates (ranks 1-10); made by scripts/make_openings.sh.".to_string(),
    )?;
    for (line, _) in &lines {
        w(&mut file, text_of(line))?;
    }
    file.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{games} games from the start position, {} lines of {plies} plies written",
        lines.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_use_fairy_stockfish_ranks() {
        let m: Move = "h2e2".parse().expect("ICCS move");
        assert_eq!(fsf_move(m), "h3e3");
        let m: Move = "b9c7".parse().expect("ICCS move");
        assert_eq!(fsf_move(m), "b10c8");
    }

    #[test]
    fn self_play_writes_quiet_positions_with_a_result() {
        let mut engine = Engine::new(1);
        engine.set_book(false);
        let mut rng = Rng(5);
        let (lines, result) = self_play(&mut engine, &Position::startpos(), 300, &mut rng, true);
        assert!([0.0, 0.5, 1.0].contains(&result));
        assert!(!lines.is_empty());
        for (fen, score) in &lines {
            let pos = Position::from_fen(fen).expect("valid FEN");
            assert!(!pos.is_check(), "{fen}");
            assert!(score.abs() < engine::search::MATE_BOUND);
            let line = format!("{fen} | {score} | {result:.1}");
            Sample::parse(&line).expect("the trainer reads the line");
        }
    }
}
