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
//! 3. `chuhe-tune tune --gradient --data FILE [--passes P] [--epochs E] [--teacher W] [--l2 L]
//!    [--pst-l2 L]` tunes the scalars *and* the piece-square tables (mirror-symmetric) instead:
//!    each pass linearises every position's evaluation by central differences, runs damped
//!    diagonal Gauss-Newton steps on the squared error plus an L2 pull towards the old weights,
//!    and reports the error on a held-out last tenth of the file. The tables are printed as
//!    boards for `src/pst.rs`. (Measured in docs/engine.md: its weights fitted the teacher better
//!    but played weaker, so the shipped weights still come from step 2.)
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
        _ => Err("usage: chuhe-tune gen --games N --nodes M --out FILE [--seed S]\n       chuhe-tune tune --data FILE [--rounds R] [--teacher W] [--gradient [--passes P] [--epochs E] [--l2 L] [--pst-l2 L]]\n       chuhe-tune bench [--depth D] [--hash MB]\n       chuhe-tune engine".to_string()),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// `chuhe-tune bench`: the output of `chuhe bench`.
fn bench(args: &[String]) -> Result<(), String> {
    let depth: i32 = option(args, "--depth", Some(engine::bench::DEFAULT_DEPTH))?;
    let hash: usize = option(args, "--hash", Some(engine::bench::DEFAULT_HASH_MB))?;
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
    if args.iter().any(|a| a == "--gradient") {
        tune_gradient(args)
    } else {
        tune_coordinate(args)
    }
}

/// Coordinate descent over the scalar weights (the method behind the shipped weights).
fn tune_coordinate(args: &[String]) -> Result<(), String> {
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
        for i in 0..Params::SCALARS {
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
    print_params(&p);
    Ok(())
}

/// Gradient descent over the scalar weights and the piece-square tables.
fn tune_gradient(args: &[String]) -> Result<(), String> {
    let data: String = option(args, "--data", None)?;
    let passes: u32 = option(args, "--passes", Some(3))?;
    let epochs: u32 = option(args, "--epochs", Some(400))?;
    let teacher: f64 = option(args, "--teacher", Some(0.0))?;
    let l2: f64 = option(args, "--l2", Some(2e-9))?;
    let pst_l2: f64 = option(args, "--pst-l2", Some(l2))?;
    let (samples, k) = load(&data, teacher)?;
    // The last tenth of the file is held out to watch for over-fitting (a block, so that
    // positions of one game rarely fall on both sides).
    let cut = samples.len() - samples.len() / 10;
    let (train, held): (Vec<_>, Vec<_>) =
        samples.into_iter().enumerate().partition(|(i, _)| *i < cut);
    let train: Vec<_> = train.into_iter().map(|(_, s)| s).collect();
    let held: Vec<_> = held.into_iter().map(|(_, s)| s).collect();
    let vars = variables();
    let mut params = Params::DEFAULT.to_vec();
    eprintln!(
        "K = {k:.5}, {} variables, error {:.6} (held out {:.6})",
        vars.len(),
        error(&train, &params, k),
        error(&held, &params, k)
    );
    let l2s: Vec<f64> = vars
        .iter()
        .map(|v| {
            if v.slots[0] < Params::SCALARS {
                l2
            } else {
                pst_l2
            }
        })
        .collect();
    for pass in 0..passes {
        let rows = linearise(&train, &params, &vars);
        let delta = descend(&rows, &vars, k, epochs, &l2s);
        for (var, d) in vars.iter().zip(&delta) {
            for &i in var.slots() {
                params[i] += d.round() as i32;
            }
        }
        eprintln!(
            "pass {pass}: error {:.6} (held out {:.6})",
            error(&train, &params, k),
            error(&held, &params, k)
        );
    }
    let p = Params::from_vec(&params).ok_or("internal: wrong parameter count")?;
    println!(
        "// Tuned on {} positions (+{} held out), K = {k:.5}",
        train.len(),
        held.len()
    );
    print_params(&p);
    Ok(())
}

/// One tuned quantity: a scalar weight, or a piece-square entry together with its mirror image
/// (the tables stay symmetric between the two wings).
struct Var {
    slots: [usize; 2],
    len: usize,
}

impl Var {
    fn slots(&self) -> &[usize] {
        &self.slots[..self.len]
    }
}

/// The tuned variables: every scalar but the king's material, then the piece-square entries of
/// files a–e (with their mirrors on files i–f).
fn variables() -> Vec<Var> {
    let names = Params::names();
    let mut vars: Vec<Var> = (0..Params::SCALARS)
        .filter(|&i| !names[i].ends_with(".K"))
        .map(|i| Var {
            slots: [i, i],
            len: 1,
        })
        .collect();
    for phase in 0..2 {
        for role in 0..7 {
            for rank in 0..10 {
                for file in 0..5 {
                    let a = Params::pst_slot(phase, role, rank * 9 + file);
                    let b = Params::pst_slot(phase, role, rank * 9 + 8 - file);
                    vars.push(Var {
                        slots: [a, b],
                        len: if a == b { 1 } else { 2 },
                    });
                }
            }
        }
    }
    vars
}

/// A position's evaluation as a linear function of the variables near the current weights.
struct Row {
    /// Red's evaluation with the current weights.
    eval: f64,
    /// Blended target.
    target: f64,
    /// (variable, d eval / d variable) for the variables that matter here.
    grads: Vec<(u32, f32)>,
}

/// Red's evaluation of `pos` with the weight vector `v`.
fn red_eval(pos: &Position, v: &[i32]) -> f64 {
    let Some(p) = Params::from_vec(v) else {
        return 0.0;
    };
    let e = evaluate_with(pos, &p);
    f64::from(if pos.turn() == Color::Red { e } else { -e })
}

/// Central differences of each position's evaluation by the variables (piece-square entries only
/// for the points its pieces stand on), on two threads.
fn linearise(samples: &[(Position, f64)], params: &[i32], vars: &[Var]) -> Vec<Row> {
    // Variable index of each piece-square slot.
    let mut var_of_slot = vec![u32::MAX; Params::LEN];
    for (i, var) in vars.iter().enumerate() {
        for &s in var.slots() {
            var_of_slot[s] = i as u32;
        }
    }
    let scalar_vars = vars
        .iter()
        .take_while(|v| v.slots[0] < Params::SCALARS)
        .count();
    let row = |(pos, target): &(Position, f64)| -> Row {
        const STEP: i32 = 32;
        let mut v = params.to_vec();
        let eval = red_eval(pos, &v);
        let mut touched: Vec<u32> = (0..scalar_vars as u32).collect();
        for (sq, piece) in pos.pieces() {
            let s = sq.index();
            let rel = if piece.color == Color::Red { s } else { 89 - s };
            for phase in 0..2 {
                let var = var_of_slot[Params::pst_slot(phase, piece.role.index(), rel)];
                if var != u32::MAX && !touched.contains(&var) {
                    touched.push(var);
                }
            }
        }
        let mut grads = Vec::with_capacity(touched.len());
        for var in touched {
            let slots = vars[var as usize].slots();
            slots.iter().for_each(|&s| v[s] += STEP);
            let up = red_eval(pos, &v);
            slots.iter().for_each(|&s| v[s] -= 2 * STEP);
            let down = red_eval(pos, &v);
            slots.iter().for_each(|&s| v[s] += STEP);
            let g = (up - down) / f64::from(2 * STEP);
            if g != 0.0 {
                grads.push((var, g as f32));
            }
        }
        Row {
            eval,
            target: *target,
            grads,
        }
    };
    let half = samples.len() / 2;
    std::thread::scope(|scope| {
        let first = scope.spawn(|| samples[..half].iter().map(row).collect::<Vec<_>>());
        let mut rest: Vec<Row> = samples[half..].iter().map(row).collect();
        let mut rows = first.join().unwrap_or_default();
        rows.append(&mut rest);
        rows
    })
}

/// Full-batch gradient descent on the linearised error plus `l2`·Σ change², each variable's step
/// divided by its own curvature (a diagonal Gauss-Newton step, damped): weights that few positions
/// inform move little, and `l2` pulls them towards their old value. Returns the change per
/// variable.
fn descend(rows: &[Row], vars: &[Var], k: f64, epochs: u32, l2: &[f64]) -> Vec<f64> {
    const DAMPING: f64 = 0.25;
    let n = vars.len();
    let scale = 1.0 / rows.len() as f64;
    let mut curvature: Vec<f64> = l2.iter().map(|w| 2.0 * w).collect();
    for row in rows {
        let p = sigmoid(row.eval, k);
        let slope = p * (1.0 - p) * k;
        for &(i, g) in &row.grads {
            curvature[i as usize] += 2.0 * scale * (slope * f64::from(g)).powi(2);
        }
    }
    let mut delta = vec![0.0f64; n];
    for epoch in 1..=epochs {
        let mut grad: Vec<f64> = delta.iter().zip(l2).map(|(d, w)| 2.0 * w * d).collect();
        let mut loss = 0.0;
        for row in rows {
            let e = row.eval
                + row
                    .grads
                    .iter()
                    .map(|&(i, g)| f64::from(g) * delta[i as usize])
                    .sum::<f64>();
            let p = sigmoid(e, k);
            loss += (row.target - p).powi(2);
            let d = -2.0 * (row.target - p) * p * (1.0 - p) * k * scale;
            for &(i, g) in &row.grads {
                grad[i as usize] += d * f64::from(g);
            }
        }
        for i in 0..n {
            delta[i] -= DAMPING * grad[i] / curvature[i];
        }
        if epoch % 100 == 0 {
            let penalty: f64 = delta.iter().zip(l2).map(|(d, w)| w * d * d).sum();
            eprintln!(
                "  epoch {epoch}: linearised error {:.6} + penalty {penalty:.6}",
                loss * scale
            );
        }
    }
    delta
}

/// Prints the scalar weights as Rust code for `src/params.rs` and the tables as boards for
/// `src/pst.rs` (first row rank 9, as Red sees the board).
fn print_params(p: &Params) {
    let mut scalars = format!("{p:#?}");
    if let Some(i) = scalars.find("    pst_mg") {
        scalars.truncate(i);
        scalars.push('}');
    }
    println!("{scalars}");
    let roles = [
        "KING", "ADVISOR", "ELEPHANT", "HORSE", "CHARIOT", "CANNON", "PAWN",
    ];
    for (phase, tables) in [("MG", &p.pst_mg), ("EG", &p.pst_eg)] {
        for (name, table) in roles.iter().zip(tables.iter()) {
            println!("#[rustfmt::skip]\nconst {name}_{phase}: Table = [");
            for rank in (0..10).rev() {
                let row: Vec<String> = (0..9)
                    .map(|f| format!("{:4},", table[rank * 9 + f]))
                    .collect();
                println!("   {}", row.join(""));
            }
            println!("];\n");
        }
    }
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
