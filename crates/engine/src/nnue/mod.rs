//! NNUE: an efficiently updatable evaluation network of Chuhe's own (issue #37).
//!
//! Key decision: the network is optional and off by default — the hand-written evaluation stays
//! the engine's evaluation (and `chuhe bench`'s signature stays put) until a trained network beats
//! it in a match. With a network set ([`crate::Engine::set_network`], the `EvalFile` option), the
//! searcher keeps one [`Accumulator`] per ply, written from its parent on each move
//! (`accumulator.rs`), and the static evaluation is the network's output (`network.rs`). The
//! trainer (`train.rs`) fits a float copy of the same shape and quantises it.
//!
//! Shape: 1,260 inputs (own/other × 7 roles × 90 points, Black's view flipped) → 256 int16 per
//! perspective → SCReLU → 1; see docs/engine.md (NNUE) for the file format and the pipeline.

mod accumulator;
mod network;
pub mod train;

pub use accumulator::AccumulatorStack;
pub use network::{
    checksum, feature, Accumulator, NetError, Network, EVAL_LIMIT, HEADER_LEN, HIDDEN, INPUTS,
    MAGIC, PAYLOAD_LEN, QA, QB, SCALE, VERSION,
};

#[cfg(test)]
mod tests {
    use super::train::{train, FloatNet, Sample, TrainConfig};
    use super::*;
    use crate::level::{random_game, Rng};
    use xiangqi::{MoveList, Piece, Position};

    /// A random game that prefers captures, so that it thins out; calls `visit` after each move
    /// with the position, the move's mover code, capture code and the move.
    fn capture_heavy_game(
        seed: u64,
        plies: usize,
        visit: &mut dyn FnMut(&Position, xiangqi::Move, u8, u8),
    ) {
        let mut pos = Position::startpos();
        let mut rng = Rng::new(seed);
        let mut list = MoveList::new();
        for _ in 0..plies {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                break;
            }
            let caps: Vec<_> = list
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let m = if caps.is_empty() || rng.below(3) == 0 {
                list[rng.below(list.len() as u64) as usize]
            } else {
                caps[rng.below(caps.len() as u64) as usize]
            };
            let undo = pos.do_move(m);
            let mover = pos.code_at(m.to());
            let captured = undo.captured().map_or(0, Piece::code);
            visit(&pos, m, mover, captured);
        }
    }

    #[test]
    fn incremental_accumulator_equals_a_fresh_one_along_random_games() {
        let net = Network::random(11);
        for seed in 1..=40 {
            let mut stack = AccumulatorStack::new(400);
            stack.reset(&net, &Position::startpos());
            let mut tops = vec![stack.current(&net).clone()];
            capture_heavy_game(seed, 300, &mut |pos, m, mover, captured| {
                stack.push_move(mover, m.from(), m.to(), captured);
                let fresh = net.refresh(pos);
                // Lazily: only every third position is looked at, so that some updates run
                // several plies at once.
                if seed.is_multiple_of(2) || stack.depth().is_multiple_of(3) {
                    assert_eq!(
                        stack.current(&net),
                        &fresh,
                        "seed {seed} after {m}: {}",
                        pos.fen()
                    );
                    assert_eq!(
                        net.output(stack.current(&net), pos.turn()),
                        net.evaluate(pos),
                        "seed {seed}"
                    );
                }
                tops.push(fresh);
            });
            // Popping returns to the earlier accumulators unchanged.
            while stack.depth() > 0 {
                let d = stack.depth();
                assert_eq!(stack.current(&net), &tops[d]);
                stack.pop();
            }
            assert_eq!(stack.current(&net), &tops[0]);
        }
    }

    #[test]
    fn colour_flipped_positions_evaluate_the_same() {
        // Own/other colours and Black's view flipped: a position and its colour mirror image
        // (pieces swapped and the board turned over, the other side to move) look the same to
        // the side to move.
        let net = Network::random(5);
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            for pos in random_game(&mut rng, 60) {
                let fen = pos.fen();
                let mut parts = fen.split(' ');
                let board = parts.next().expect("board");
                let turn = parts.next().expect("turn");
                let flipped_board: String = board
                    .split('/')
                    .rev()
                    .collect::<Vec<_>>()
                    .join("/")
                    .chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect();
                let other = if turn == "w" { "b" } else { "w" };
                let mirror = Position::from_fen(&format!("{flipped_board} {other} - - 0 1"))
                    .expect("mirror FEN");
                assert_eq!(net.evaluate(&pos), net.evaluate(&mirror), "{fen}");
            }
        }
    }

    #[test]
    fn saved_network_loads_to_the_same_outputs() {
        let net = Network::random(7);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), HEADER_LEN + PAYLOAD_LEN);
        let back = Network::from_bytes(&bytes).expect("round trip");
        assert_eq!(back, net);
        assert_eq!(back.checksum(), net.checksum());
        let mut rng = Rng::new(9);
        for _ in 0..30 {
            for pos in random_game(&mut rng, 80) {
                assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
            }
        }
        // Through a file too.
        let path =
            std::env::temp_dir().join(format!("chuhe-nnue-test-{}.nnue", std::process::id()));
        net.save(&path).expect("save");
        let loaded = Network::load(&path).expect("load");
        std::fs::remove_file(&path).ok();
        assert_eq!(loaded, net);
    }

    #[test]
    fn damaged_or_missing_files_give_clear_errors() {
        let bytes = Network::random(1).to_bytes();
        let err = |b: &[u8]| Network::from_bytes(b).expect_err("must fail").to_string();

        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 1000] ^= 0x40;
        assert!(err(&flipped).contains("corrupt"), "{}", err(&flipped));

        let short = &bytes[..bytes.len() - 10];
        assert!(err(short).contains("truncated"), "{}", err(short));
        assert!(err(&bytes[..20]).contains("truncated"));
        assert!(err(&[]).contains("truncated"));

        let mut long = bytes.clone();
        long.push(0);
        assert!(err(&long).contains("too long"));

        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(err(&magic).contains("bad magic"));

        let mut version = bytes.clone();
        version[8] = 9;
        assert!(err(&version).contains("version 9"));

        let mut shape = bytes.clone();
        shape[17] = 0; // hidden 256 → 0
        assert!(err(&shape).contains("shape"), "{}", err(&shape));

        let missing = std::path::Path::new("/nonexistent/chuhe/net.nnue");
        let e = Network::load(missing).expect_err("missing").to_string();
        assert!(
            e.contains("cannot read network file /nonexistent/chuhe/net.nnue"),
            "{e}"
        );
    }

    #[test]
    fn searches_with_a_network_keep_the_accumulators_in_step() {
        // The searcher checks (debug builds) that the incremental accumulator equals a fresh one
        // at every evaluation; a search through null moves, captures and repetitions must pass.
        let net = std::sync::Arc::new(Network::random(3));
        let mut engine = crate::Engine::new(4);
        engine.set_network(Some(net));
        let mut rng = Rng::new(21);
        for _ in 0..6 {
            let pos = crate::level::random_position(&mut rng, 40);
            engine.new_game();
            engine.set_position(&pos, &[]).expect("legal");
            let limits = crate::Limits {
                depth: Some(6),
                ..crate::Limits::default()
            };
            let r = engine.go(&limits, &crate::Control::new(), &mut |_| {});
            assert!(r.best.is_some() || pos.legal_moves().is_empty());
        }
    }

    /// Training data for the smoke test: positions of random games scored by the hand-written
    /// evaluation (a learnable target that needs no search).
    fn hand_scored(n: usize) -> Vec<Sample> {
        let mut rng = Rng::new(77);
        let mut out = Vec::new();
        while out.len() < n {
            for pos in random_game(&mut rng, 120) {
                let score = crate::eval::evaluate(&pos).clamp(-2000, 2000);
                let result = if score > 100 {
                    1.0
                } else if score < -100 {
                    0.0
                } else {
                    0.5
                };
                out.push(Sample::new(&pos, score, result).expect("≤ 32 pieces"));
            }
        }
        out.truncate(n);
        out
    }

    #[test]
    fn training_lowers_the_loss_and_quantisation_keeps_the_outputs() {
        let samples = hand_scored(400);
        let mut net = FloatNet::new(1);
        let before = net.loss(&samples, 0.75);
        let cfg = TrainConfig {
            epochs: 15,
            batch: 32,
            lr: 0.002,
            lr_decay: 0.95,
            lambda: 0.75,
            threads: 2,
            seed: 4,
        };
        let losses = train(&mut net, &samples, &cfg, &mut |_, _, _| {});
        let after = net.loss(&samples, 0.75);
        assert!(after < before * 0.6, "loss {before} → {after} ({losses:?})");
        // The quantised network agrees with the float one to a few centipawns.
        let q = net.quantise();
        let mut rng = Rng::new(5);
        let (mut worst, mut sum, mut n) = (0f32, 0f32, 0);
        for _ in 0..20 {
            for pos in random_game(&mut rng, 100) {
                let diff = (net.evaluate(&pos) - q.evaluate(&pos) as f32).abs();
                worst = worst.max(diff);
                sum += diff;
                n += 1;
            }
        }
        let mean = sum / n.max(1) as f32;
        eprintln!("quantisation error: mean {mean:.2} cp, worst {worst:.2} cp over {n} positions");
        assert!(
            mean < 8.0 && worst < 30.0,
            "quantisation error: mean {mean} worst {worst} cp"
        );
        // And it survives the file format.
        let back = Network::from_bytes(&q.to_bytes()).expect("round trip");
        assert_eq!(back, q);
    }

    #[test]
    fn data_lines_parse_from_reds_view() {
        let s = Sample::parse(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1 | 35 | 1.0",
        )
        .expect("valid line");
        // Black to move: the score and result turn round.
        assert_eq!(s.score(), -35);
        assert!(s.result().abs() < 1e-6);
        let red = Sample::parse(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | -35 | 0.5",
        )
        .expect("valid line");
        assert_eq!(red.score(), -35);
        assert!((red.result() - 0.5).abs() < 1e-6);
        assert!(Sample::parse("nonsense").is_err());
        assert!(Sample::parse("9/9/9/9/9/9/9/9/9/9 w - - 0 1 | x | 1").is_err());
    }
}
