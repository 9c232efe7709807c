//! The blossom matcher against brute force on small random graphs.

use platform::tournament::matching::max_weight_matching;

/// The best matching by brute force over all matchings.
fn brute(n: usize, edges: &[(usize, usize, i64)], maxcard: bool) -> (usize, i64) {
    #[allow(clippy::too_many_arguments)]
    fn go(
        v: usize,
        n: usize,
        used: &mut Vec<bool>,
        w: &[Vec<Option<i64>>],
        card: usize,
        sum: i64,
        best: &mut (usize, i64),
        maxcard: bool,
    ) {
        if v == n {
            let better = if maxcard {
                (card, sum) > *best
            } else {
                sum > best.1
            };
            if better {
                *best = (card, sum);
            }
            return;
        }
        if used[v] {
            return go(v + 1, n, used, w, card, sum, best, maxcard);
        }
        go(v + 1, n, used, w, card, sum, best, maxcard);
        used[v] = true;
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                go(v + 1, n, used, w, card + 1, sum + x, best, maxcard);
                used[u] = false;
            }
        }
        used[v] = false;
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, x) in edges {
        if maxcard || x > 0 {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
    }
    let mut best = (0, 0);
    go(0, n, &mut vec![false; n], &w, 0, 0, &mut best, maxcard);
    best
}

#[test]
fn equals_brute_force_on_random_graphs() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for _ in 0..3000 {
        let n = 2 + rnd(9) as usize;
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rnd(3) > 0 {
                    edges.push((i, j, rnd(12) as i64 + 1));
                }
            }
        }
        for maxcard in [false, true] {
            let mate = max_weight_matching(n, &edges, maxcard);
            let mut card = 0;
            let mut sum = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = *m {
                    assert_eq!(mate[u], Some(v));
                    if v < u {
                        card += 1;
                        sum += edges
                            .iter()
                            .find(|e| (e.0, e.1) == (v, u) || (e.0, e.1) == (u, v))
                            .map(|e| e.2)
                            .unwrap_or(i64::MIN);
                    }
                }
            }
            let best = brute(n, &edges, maxcard);
            if maxcard {
                assert_eq!((card, sum), best, "{edges:?}");
            } else {
                assert_eq!(sum, best.1, "{edges:?}");
            }
        }
    }
}

#[test]
#[allow(clippy::needless_range_loop)]
fn dynamic_matching_follows_edits() {
    use platform::tournament::matching::DynamicMatching;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for _ in 0..300 {
        let n = 2 + rnd(9) as usize;
        let mut g = DynamicMatching::<i64>::new(n);
        let mut w = vec![vec![0i64; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                if rnd(3) > 0 {
                    let x = rnd(12) as i64 + 1;
                    w[i][j] = x;
                    w[j][i] = x;
                    g.set_weight(i, j, x);
                }
            }
        }
        for _ in 0..8 {
            g.solve();
            let edges: Vec<(usize, usize, i64)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| w[i][j] > 0)
                .map(|(i, j)| (i, j, w[i][j]))
                .collect();
            let (_, best) = brute(n, &edges, false);
            let mut sum = 0;
            for v in 0..n {
                if let Some(u) = g.mate(v) {
                    assert_eq!(g.mate(u), Some(v));
                    assert!(w[v][u] > 0);
                    if v < u {
                        sum += w[v][u];
                    }
                }
            }
            assert_eq!(sum, best);
            // Edit the edges of one or two vertices.
            for _ in 0..1 + rnd(2) {
                let v = rnd(n as u64) as usize;
                for u in 0..n {
                    if u != v && rnd(2) == 0 {
                        let x = rnd(14) as i64 - 2;
                        w[v][u] = x.max(0);
                        w[u][v] = x.max(0);
                        g.set_weight(v, u, x.max(0));
                    }
                }
            }
        }
    }
}

/// The dynamic matcher (dense row scans, cached least slacks) against the static one (edge
/// lists) on larger graphs with many equal weights (so many blossoms), in 256-bit weights whose
/// low bits carry the small variations, as the Swiss pairer's weights do: after every edit,
/// both matchings weigh the same.
#[test]
#[allow(clippy::needless_range_loop)]
fn dynamic_matching_equals_static_with_blossoms_and_wide_weights() {
    use platform::tournament::matching::{max_weight_matching, DynamicMatching, Weight, Wide};
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut rnd = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let wide = |x: u64, low: u64| {
        Wide::<4>::from_i64(x as i64)
            .shifted_left(150)
            .add(Wide::from_i64(low as i64))
    };
    for _ in 0..60 {
        let n = 10 + rnd(31) as usize;
        let mut g = DynamicMatching::<Wide<4>>::new(n);
        let mut w = vec![vec![Wide::<4>::ZERO; n]; n];
        let set = |g: &mut DynamicMatching<Wide<4>>,
                   w: &mut Vec<Vec<Wide<4>>>,
                   i: usize,
                   j: usize,
                   x: Wide<4>| {
            w[i][j] = x;
            w[j][i] = x;
            g.set_weight(i, j, x);
        };
        for i in 0..n {
            for j in i + 1..n {
                if rnd(4) > 0 {
                    set(&mut g, &mut w, i, j, wide(1 + rnd(3), rnd(4)));
                }
            }
        }
        for _ in 0..10 {
            g.solve();
            let edges: Vec<(usize, usize, Wide<4>)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| w[i][j] > Wide::ZERO)
                .map(|(i, j)| (i, j, w[i][j]))
                .collect();
            let fresh = max_weight_matching(n, &edges, false);
            let total = |mate: &dyn Fn(usize) -> Option<usize>| {
                let mut t = Wide::<4>::ZERO;
                for v in 0..n {
                    if let Some(u) = mate(v) {
                        assert_eq!(mate(u), Some(v));
                        assert!(w[v][u] > Wide::ZERO);
                        if v < u {
                            t = t.add(w[v][u]);
                        }
                    }
                }
                t
            };
            assert_eq!(total(&|v| g.mate(v)), total(&|v| fresh[v]));
            // Edit one vertex's edges (as the pairer does), sometimes removing them.
            let v = rnd(n as u64) as usize;
            for u in 0..n {
                if u != v && rnd(3) == 0 {
                    let x = if rnd(5) == 0 {
                        Wide::ZERO
                    } else {
                        wide(1 + rnd(3), rnd(6))
                    };
                    set(&mut g, &mut w, v, u, x);
                }
            }
        }
    }
}
