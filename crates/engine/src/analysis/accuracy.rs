//! Win probability, move judgments and accuracy, as lichess computes them for chess.
//!
//! Key decision: the formulas are lichess's (`WinPercent.scala`, `Advice.scala`,
//! `AccuracyPercent.scala` in lila), unchanged, with Chuhe's centipawns (a pawn ≈ 100, a
//! chariot ≈ 1 000 in the middlegame, like chess's queen). Only the engine's scale differs, so
//! the thresholds mean roughly what they mean on lichess; docs/engine.md states them.

use super::Eval;
use xiangqi::Color;

/// Centipawns beyond which an evaluation counts as decided (and what a mate counts as).
pub const CP_CEILING: i32 = 1000;

/// Win-probability points lost (0–100) from which a move is an inaccuracy, a mistake, a blunder
/// (lichess: 0.1, 0.2, 0.3 of winning chances on a −1…1 scale).
pub const THRESHOLDS: [f64; 3] = [5.0, 10.0, 15.0];

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgment {
    /// Lost at least 5 points of winning probability.
    Inaccuracy,
    /// Lost at least 10 points.
    Mistake,
    /// Lost at least 15 points.
    Blunder,
}

impl Judgment {
    /// The judgment of a move that lost `loss` points of winning probability, if any.
    #[must_use]
    pub fn from_loss(loss: f64) -> Option<Judgment> {
        if loss >= THRESHOLDS[2] {
            Some(Judgment::Blunder)
        } else if loss >= THRESHOLDS[1] {
            Some(Judgment::Mistake)
        } else if loss >= THRESHOLDS[0] {
            Some(Judgment::Inaccuracy)
        } else {
            None
        }
    }

    /// `inaccuracy`, `mistake` or `blunder`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "inaccuracy",
            Judgment::Mistake => "mistake",
            Judgment::Blunder => "blunder",
        }
    }

    /// `?!`, `?` or `??`.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "?!",
            Judgment::Mistake => "?",
            Judgment::Blunder => "??",
        }
    }
}

/// Red's winning probability in percent: `50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1)`, with
/// the centipawns clamped to ±1 000 and a mate (or a mated side) counted as ±1 000.
#[must_use]
pub fn win_percent(eval: Eval) -> f64 {
    let cp = match eval {
        Eval::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
        Eval::Mate(n) if n > 0 => CP_CEILING,
        Eval::Mated(Color::Black) => CP_CEILING,
        Eval::Mate(_) | Eval::Mated(Color::Red) => -CP_CEILING,
    };
    let chances = 2.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()) - 1.0;
    50.0 + 50.0 * chances
}

/// Accuracy of one move in percent from the mover's winning probability before and after it:
/// `103.1668 · e^(−0.04354 · loss) − 3.1669 + 1`, clamped to 0–100; 100 when nothing was lost.
#[must_use]
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let loss = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * loss).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// A player's accuracy over a game: the mean of the volatility-weighted mean and the harmonic
/// mean of their move accuracies (lichess). `red_wins` holds Red's winning probability before
/// the first move and after every move; `accuracies[i]` is the accuracy of move `i`, and move
/// `i` belongs to the player when `mine(i)`. `None` when the player made no move.
#[must_use]
pub fn game_accuracy(
    red_wins: &[f64],
    accuracies: &[f64],
    mine: &dyn Fn(usize) -> bool,
) -> Option<f64> {
    let weights = volatility_weights(red_wins, accuracies.len());
    let (mut weighted, mut weight_sum, mut inverse_sum, mut n) = (0.0, 0.0, 0.0, 0usize);
    for (i, (&a, &w)) in accuracies.iter().zip(&weights).enumerate() {
        if !mine(i) {
            continue;
        }
        weighted += a * w;
        weight_sum += w;
        inverse_sum += 1.0 / a.max(0.001);
        n += 1;
    }
    if n == 0 || weight_sum <= 0.0 {
        return None;
    }
    let harmonic = n as f64 / inverse_sum;
    Some(((weighted / weight_sum + harmonic) / 2.0).clamp(0.0, 100.0))
}

/// One weight per move: the standard deviation of the winning probability over a sliding window
/// (size moves/10, between 2 and 8; the first moves reuse the first window), clamped to
/// 0.5–12, so that moves in sharp phases count more.
fn volatility_weights(red_wins: &[f64], moves: usize) -> Vec<f64> {
    let size = (moves / 10).clamp(2, 8).min(red_wins.len().max(1));
    let mut windows: Vec<&[f64]> = Vec::with_capacity(moves);
    let first = &red_wins[..size.min(red_wins.len())];
    for _ in 0..size.saturating_sub(2).min(moves) {
        windows.push(first);
    }
    windows.extend(red_wins.windows(size.max(1)));
    (0..moves)
        .map(|i| windows.get(i).map_or(0.5, |w| std_dev(w).clamp(0.5, 12.0)))
        .collect()
}

fn std_dev(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_percent_shape() {
        assert!((win_percent(Eval::Cp(0)) - 50.0).abs() < 1e-9);
        assert!((win_percent(Eval::Cp(100)) - 59.1).abs() < 0.1);
        assert_eq!(win_percent(Eval::Cp(5000)), win_percent(Eval::Mate(3)));
        assert!(win_percent(Eval::Mate(-1)) < 3.0);
    }

    #[test]
    fn judgments_and_accuracy() {
        assert_eq!(Judgment::from_loss(4.9), None);
        assert_eq!(Judgment::from_loss(5.0), Some(Judgment::Inaccuracy));
        assert_eq!(Judgment::from_loss(12.0), Some(Judgment::Mistake));
        assert_eq!(Judgment::from_loss(40.0), Some(Judgment::Blunder));
        assert_eq!(move_accuracy(50.0, 60.0), 100.0);
        assert!((move_accuracy(50.0, 50.0) - 100.0).abs() < 1e-6);
        assert!(move_accuracy(90.0, 10.0) < 5.0);
        assert!(move_accuracy(100.0, 0.0) >= 0.0);
    }

    #[test]
    fn game_accuracy_bounds() {
        let wins = [50.0, 52.0, 48.0, 90.0, 10.0];
        let acc = [100.0, 90.0, 20.0, 5.0];
        let red = game_accuracy(&wins, &acc, &|i| i % 2 == 0).expect("red moved");
        let black = game_accuracy(&wins, &acc, &|i| i % 2 == 1).expect("black moved");
        assert!((0.0..=100.0).contains(&red) && (0.0..=100.0).contains(&black));
        assert!(red > black);
        assert_eq!(game_accuracy(&[50.0], &[], &|_| true), None);
    }
}
