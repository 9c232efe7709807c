//! `chuhe-tune`: Texel tuning of the evaluation weights ([`engine::params::Params`]).
//!
//! Two steps, documented in docs/engine.md:
//!
//! 1. `chuhe-tune gen --games N --nodes M --out FILE [--seed S]` plays self-play games (level 6
//!    for the first 8 plies for variety, then full strength with a node limit per move) and writes
//!    quiet positions — not in check, best move not a capture — as `FEN;result` lines, the result
//!    (1, 0.5, 0) from Red's point of view.
//! 2. `chuhe-tune tune --data FILE [--rounds R] [--teacher W]` fits the scaling constant K of
//!    `sigmoid(K·eval)`, then runs coordinate descent over the weight vector, keeping a change
//!    when it lowers the mean squared error between `sigmoid(K·eval)` and the targets. It
//!    prints the tuned `Params` as Rust code to paste into `src/params.rs`. The targets are the
//!    game results; lines of the form `FEN;result;score` also carry a teacher engine's search
//!    score (centipawns, side to move), and `--teacher W` blends the target as
//!    `(1 − W)·result + W·sigmoid(K·score)`.
//!
//! Two helpers for speed work without building the whole `chuhe` command line (which pulls in
//! the server): `chuhe-tune bench [--depth D] [--hash MB]` prints the same lines as `chuhe bench`
//! (`nodes` is the deterministic signature), and `chuhe-tune engine` runs the UCCI/UCI protocol
//! on stdin/stdout like `chuhe engine` (for matches between builds).

use engine::eval::evaluate_with;
use engine::params::Params;
use engine::repetition::{judge, RepEntry, Repetition};
use engine::{Control, Engine, Limits};
use std::io::Write;
use xiangqi::{Color, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => generate(&args[1..]),
        Some("tune") => tune(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("engine") => protocol(),
        _ => Err("usage: chuhe-tune gen --games N --nodes M --out FILE [--seed S]\n       chuhe-tune tune --data FILE [--rounds R] [--teacher W]\n       chuhe-tune bench [--depth D] [--hash MB]\n       chuhe-tune engine".to_string()),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// `chuhe-tune bench`: the output of `chuhe bench`.
fn bench(args: &[String]) -> Result<(), String> {
    let depth: i32 = option(args, "--depth", Some(engine::bench::DEFAULT_DEPTH))?;
    let hash: usize = option(args, "--hash", Some(16))?;
    if !(1..=30).contains(&depth) || !(1..=4096).contains(&hash) {
        return Err("--depth must be 1..=30 and --hash 1..=4096".to_string());
    }
    let r = engine::bench::run(depth, hash);
    println!("positions {}", engine::bench::POSITIONS.len());
    println!("depth {depth}");
    println!("nodes {}", r.nodes);
    println!("time {} ms", r.time_ms);
    println!("nps {}", r.nps());
    Ok(())
}

/// `chuhe-tune engine`: the UCCI/UCI protocol on stdin/stdout.
fn protocol() -> Result<(), String> {
    let out: engine::protocol::Output =
        std::sync::Arc::new(std::sync::Mutex::new(std::io::stdout()));
    engine::protocol::run(std::io::stdin().lock(), out).map_err(|e| format!("reading input: {e}"))
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

fn generate(args: &[String]) -> Result<(), String> {
    let games: u32 = option(args, "--games", Some(100))?;
    let nodes: u64 = option(args, "--nodes", Some(5_000))?;
    let out: String = option(args, "--out", None)?;
    let seed: u64 = option(args, "--seed", Some(1))?;
    let mut file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
    let mut total = 0;
    for g in 0..games {
        let (fens, result) = self_play(nodes, seed.wrapping_mul(1000).wrapping_add(u64::from(g)));
        for fen in &fens {
            writeln!(file, "{fen};{result}").map_err(|e| e.to_string())?;
        }
        total += fens.len();
        eprintln!(
            "game {}: result {result}, {} positions (total {total})",
            g + 1,
            fens.len()
        );
    }
    Ok(())
}

/// Plays one game; returns the quiet positions and Red's result.
fn self_play(nodes: u64, seed: u64) -> (Vec<String>, f64) {
    let mut engine = Engine::new(16);
    engine.set_seed(seed);
    let base = Position::startpos();
    let mut pos = base.clone();
    let mut moves = Vec::new();
    let mut history = vec![entry(&pos)];
    let mut fens = Vec::new();
    let mut big = 0;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let result = loop {
        engine.set_level(if moves.len() < 8 { 6 } else { 10 });
        if engine.set_position(&base, &moves).is_err() {
            break 0.5;
        }
        let r = engine.go(&limits, &Control::new(), &mut |_| {});
        let Some(m) = r.best else {
            // No legal move: the side to move loses.
            break if pos.turn() == Color::Red { 0.0 } else { 1.0 };
        };
        let red_score = if pos.turn() == Color::Red {
            r.score
        } else {
            -r.score
        };
        big = if red_score.abs() > 1500 { big + 1 } else { 0 };
        if big >= 6 {
            break if red_score > 0 { 1.0 } else { 0.0 };
        }
        if moves.len() >= 8 && !pos.is_check() && !pos.is_capture(m) && r.score.abs() < 2000 {
            fens.push(pos.fen());
        }
        if pos.play_mut(m).is_err() {
            break 0.5;
        }
        moves.push(m);
        history.push(entry(&pos));
        match judge(&history) {
            Repetition::None => {}
            Repetition::Draw => break 0.5,
            // The side to move wins / loses by the perpetual-check rule.
            Repetition::Win => break if pos.turn() == Color::Red { 1.0 } else { 0.0 },
            Repetition::Loss => break if pos.turn() == Color::Red { 0.0 } else { 1.0 },
        }
        if pos.halfmoves() >= 120 || moves.len() >= 400 {
            break 0.5;
        }
    };
    (fens, result)
}

fn entry(pos: &Position) -> RepEntry {
    RepEntry {
        key: pos.hash(),
        check: pos.is_check(),
        halfmoves: pos.halfmoves(),
    }
}

/// Reads `FEN;result[;score]` lines and fits K with the current weights; with `teacher` > 0 the
/// targets blend each result with the teacher's score (see the module comment).
fn load(data: &str, teacher: f64) -> Result<(Vec<(Position, f64)>, f64), String> {
    let text = std::fs::read_to_string(data).map_err(|e| format!("{data}: {e}"))?;
    let mut samples = Vec::new();
    let mut scores = Vec::new();
    for line in text.lines() {
        let mut fields = line.split(';');
        let (Some(fen), Some(r)) = (fields.next(), fields.next()) else {
            continue;
        };
        let score = fields.next().and_then(|s| s.trim().parse::<i32>().ok());
        if let (Ok(pos), Ok(r)) = (Position::from_fen(fen), r.trim().parse::<f64>()) {
            let red_score = score.map(|s| if pos.turn() == Color::Red { s } else { -s });
            samples.push((pos, r));
            scores.push(red_score);
        }
    }
    if samples.is_empty() {
        return Err("no samples".to_string());
    }
    eprintln!("{} positions", samples.len());
    let k = fit_k(&samples, &Params::DEFAULT.to_vec());
    if teacher > 0.0 {
        for ((_, r), score) in samples.iter_mut().zip(&scores) {
            if let Some(s) = score {
                *r = (1.0 - teacher) * *r + teacher * sigmoid(f64::from(*s), k);
            }
        }
    }
    Ok((samples, k))
}

fn tune(args: &[String]) -> Result<(), String> {
    let data: String = option(args, "--data", None)?;
    let rounds: u32 = option(args, "--rounds", Some(10))?;
    let teacher: f64 = option(args, "--teacher", Some(0.0))?;
    let (samples, k) = load(&data, teacher)?;
    let mut params = Params::DEFAULT.to_vec();
    let mut best = error(&samples, &params, k);
    eprintln!("K = {k:.5}, start error {best:.6}");
    let names = Params::names();
    for round in 0..rounds {
        let mut improved = false;
        for i in 0..params.len() {
            // The king has no material value; skip it.
            if names[i].ends_with(".K") {
                continue;
            }
            let step = (params[i].abs() / 20).max(2);
            for delta in [step, -step] {
                params[i] += delta;
                let e = error(&samples, &params, k);
                if e < best {
                    best = e;
                    improved = true;
                    eprintln!("round {round}: {} = {} (error {e:.6})", names[i], params[i]);
                    break;
                }
                params[i] -= delta;
            }
        }
        if !improved {
            break;
        }
    }
    let p = Params::from_vec(&params).ok_or("internal: wrong parameter count")?;
    println!(
        "// Tuned on {} positions, error {best:.6}, K = {k:.5}",
        samples.len()
    );
    println!("{p:#?}");
    Ok(())
}

fn sigmoid(v: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * v).exp())
}

/// Mean squared error of the predictions with weights `v`.
fn error(samples: &[(Position, f64)], v: &[i32], k: f64) -> f64 {
    let Some(p) = Params::from_vec(v) else {
        return f64::MAX;
    };
    let sum: f64 = samples
        .iter()
        .map(|(pos, r)| {
            let e = evaluate_with(pos, &p);
            let red = if pos.turn() == Color::Red { e } else { -e };
            (r - sigmoid(f64::from(red), k)).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The K that minimises the error of the current weights: a coarse scan, then a fine one around
/// the best coarse value.
fn fit_k(samples: &[(Position, f64)], v: &[i32]) -> f64 {
    let mut best = (0.004, f64::MAX);
    let mut k = 0.0005;
    while k < 0.02 {
        let e = error(samples, v, k);
        if e < best.1 {
            best = (k, e);
        }
        k += 0.0005;
    }
    let centre = best.0;
    let mut k = centre - 0.0005;
    while k <= centre + 0.0005 {
        if k > 0.0 {
            let e = error(samples, v, k);
            if e < best.1 {
                best = (k, e);
            }
        }
        k += 0.00002;
    }
    best.0
}
