//! FIDE Berger tables: the round-robin schedule for `n` players (an odd field gets a dummy last
//! number whose opponent sits the round out).

/// One scheduled game: pairing numbers from 1, Red (White) first; `None` is a rest (bye).
pub type Pairing = (u32, Option<u32>);

/// The Berger schedule for `n` players: one list of boards per round, board 1 first.
///
/// In round `r` the fixed last number meets `a = 1 + (r − 1)·n/2 mod (n − 1)` (Red in odd
/// rounds), and `a + k` meets `a − k` (mod n − 1) with `a + k` Red. Every pair meets once;
/// with an even field each player has Red `n/2` or `n/2 − 1` times.
#[must_use]
pub fn berger(n: u32) -> Vec<Vec<Pairing>> {
    if n < 2 {
        return Vec::new();
    }
    let size = n + n % 2;
    let m = size - 1;
    let wrap = |x: i64| -> u32 { (x - 1).rem_euclid(i64::from(m)) as u32 + 1 };
    let seat = |p: u32| (p <= n).then_some(p);
    (1..=m)
        .map(|r| {
            let a = wrap(1 + i64::from((r - 1) * (size / 2)));
            let mut boards = Vec::new();
            let first = if r % 2 == 1 { (a, size) } else { (size, a) };
            boards.push(first);
            for k in 1..size / 2 {
                let k = i64::from(k);
                boards.push((wrap(i64::from(a) + k), wrap(i64::from(a) - k)));
            }
            boards
                .into_iter()
                .filter_map(|(red, black)| match (seat(red), seat(black)) {
                    (Some(r), b) => Some((r, b)),
                    (None, Some(b)) => Some((b, None)),
                    (None, None) => None,
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_players_match_the_fide_table() {
        let t = berger(6);
        let show = |r: &Vec<Pairing>| {
            r.iter()
                .map(|&(a, b)| format!("{a}-{}", b.unwrap_or(0)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let rounds: Vec<String> = t.iter().map(show).collect();
        assert_eq!(
            rounds,
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
    }

    #[test]
    fn odd_field_rests_each_player_once() {
        let t = berger(5);
        assert_eq!(t.len(), 5);
        for p in 1..=5 {
            let rests = t
                .iter()
                .flatten()
                .filter(|&&(a, b)| a == p && b.is_none())
                .count();
            assert_eq!(rests, 1);
        }
    }
}
