//! Season's end: the top `k` teams of each division but the first go up one division and the
//! bottom `k` of each division but the last go down one (never more than half a division, so a
//! team is never both promoted and relegated).

use super::TeamId;

/// Next season's divisions from this season's final standings (`finals[d]`: division `d`'s
/// teams, best first; division 0 is the top); also the promoted and the relegated teams.
#[must_use]
pub fn next_divisions(
    finals: &[Vec<TeamId>],
    k: u32,
) -> (Vec<Vec<TeamId>>, Vec<TeamId>, Vec<TeamId>) {
    let k = k as usize;
    let n = finals.len();
    let mut next: Vec<Vec<TeamId>> = vec![Vec::new(); n];
    let (mut up, mut down) = (Vec::new(), Vec::new());
    for (d, teams) in finals.iter().enumerate() {
        let kk = k.min(teams.len() / 2);
        let promote = if d > 0 { kk } else { 0 };
        let relegate = if d + 1 < n { kk } else { 0 };
        for (i, &t) in teams.iter().enumerate() {
            if i < promote {
                next[d - 1].push(t);
                up.push(t);
            } else if i >= teams.len() - relegate {
                next[d + 1].push(t);
                down.push(t);
            } else {
                next[d].push(t);
            }
        }
    }
    // Seeding for the new season: those staying first (in final order), then the arrivals.
    for (d, teams) in next.iter_mut().enumerate() {
        let stay = |t: &TeamId| finals[d].contains(t);
        let (mut a, b): (Vec<TeamId>, Vec<TeamId>) = teams.iter().partition(|t| stay(t));
        a.extend(b);
        *teams = a;
    }
    (next, up, down)
}
