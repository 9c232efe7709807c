//! The Xiangqi mating patterns, recognised on the final position (the defender on move, mated).
//!
//! Key decision: each pattern is a test of the mating picture — which piece gives check, its
//! screen, where it stands and what holds the escape points — not of the moves that led to it,
//! so a pattern reached by any order of moves is recognised. The tests follow the textbook
//! pictures (《象棋杀法大全》's definitions); a position may show several.

use super::geometry::{attackers_of, back_rank, between, palace_neighbours, screen};
use crate::puzzle::Theme;
use xiangqi::{Position, Role};

/// The mating patterns shown by `pos`, where the side to move is mated. 卧槽马 is a horse
/// checking from the third or seventh file of the defender's second rank (c8/g8 against Black),
/// 挂角马 a horse checking from a corner of the palace.
#[must_use]
pub fn mate_patterns(pos: &Position) -> Vec<Theme> {
    let defender = pos.turn();
    let solver = !defender;
    let king = pos.king(defender);
    let checkers = attackers_of(pos, king, solver);
    let back = back_rank(defender);
    let centre = 4;
    let mut out = vec![];
    let solver_pieces = |role: Role| -> Vec<xiangqi::Square> {
        pos.pieces()
            .filter(|(_, p)| p.color == solver && p.role == role)
            .map(|(s, _)| s)
            .collect()
    };
    let neighbours = palace_neighbours(king, defender);
    for &(sq, piece) in &checkers {
        match piece.role {
            Role::Cannon => {
                let own_advisors = neighbours
                    .iter()
                    .filter(|&&n| {
                        pos.piece_at(n)
                            .is_some_and(|p| p.color == defender && p.role == Role::Advisor)
                    })
                    .count();
                if own_advisors >= 2 {
                    out.push(Theme::Smothered);
                }
                match screen(pos, sq, king) {
                    Some((_, s)) if s.color == solver && s.role == Role::Horse => {
                        out.push(Theme::HorseCannon);
                    }
                    Some((_, s)) if s.color == solver && s.role == Role::Cannon => {
                        out.push(Theme::DoubleCannon);
                    }
                    _ => {}
                }
            }
            Role::Horse => {
                let (f, r) = (sq.file().index(), sq.rank().index());
                // The trough: the third or seventh file on the defender's second rank.
                let trough_rank = if back == 9 { 8 } else { 1 };
                if (f == 2 || f == 6) && r == trough_rank {
                    out.push(Theme::TroughHorse);
                }
                if sq.in_palace(defender) && (f == 3 || f == 5) && r != 8 && r != 1 {
                    out.push(Theme::CornerHorse);
                }
            }
            Role::Chariot => {
                let f = sq.file().index();
                if (f == 3 || f == 5)
                    && solver_pieces(Role::Cannon)
                        .iter()
                        .any(|c| c.file().index() == centre)
                {
                    out.push(Theme::IronBolt);
                }
                let (kf, kr) = (king.file().index(), king.rank().index());
                let beside = solver_pieces(Role::Chariot).into_iter().any(|other| {
                    other != sq && {
                        let (of, or) = (other.file().index(), other.rank().index());
                        (sq.rank().index() == kr && or.abs_diff(kr) == 1)
                            || (sq.file().index() == kf && of.abs_diff(kf) == 1)
                    }
                });
                if beside {
                    out.push(Theme::TwoChariots);
                }
            }
            _ => {}
        }
    }
    // 天地炮: one cannon on the central file, the other on the defender's back rank, one checking.
    let cannons = solver_pieces(Role::Cannon);
    let cannon_checks = checkers.iter().any(|(_, p)| p.role == Role::Cannon);
    if cannon_checks
        && cannons.iter().any(|c| c.file().index() == centre)
        && cannons
            .iter()
            .any(|c| c.rank().index() == back && c.file().index() != centre)
    {
        out.push(Theme::HeavenEarthCannons);
    }
    // 白脸将: an escape point of the king lies on the solver king's open file.
    let own_king = pos.king(solver);
    let facing = neighbours.iter().any(|&n| {
        n.file() == own_king.file()
            && n.file() != king.file()
            && pos.piece_at(n).is_none_or(|p| p.color != defender)
            && between(own_king, n)
                .into_iter()
                .all(|s| pos.piece_at(s).is_none())
    });
    if facing {
        out.push(Theme::FacingKings);
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patterns(fen: &str) -> Vec<Theme> {
        let mut pos = Position::from_fen(fen).expect("fen");
        assert!(!pos.has_legal_move(), "not mated: {fen}");
        mate_patterns(&pos)
    }

    #[test]
    fn smothered_palace() {
        // Black king e9 between its advisors d9 f9; a red pawn on e8 (guarded by the horse g7)
        // screens the cannon e7. Taking the pawn with an advisor leaves a screen.
        let t = patterns("3aka3/4P4/4C1N2/9/9/9/9/9/9/3K5 b - - 0 1");
        assert!(t.contains(&Theme::Smothered), "{t:?}");
    }

    #[test]
    fn horse_behind_cannon() {
        // King e9; the horse e7 holds d9 and f9 and screens the cannon e3.
        let t = patterns("4k4/9/4N4/9/9/9/4C4/9/9/3K5 b - - 0 1");
        assert!(t.contains(&Theme::HorseCannon), "{t:?}");
        assert!(!t.contains(&Theme::Smothered), "{t:?}");
    }

    #[test]
    fn double_cannon() {
        let t = patterns("4k4/5P3/4C4/9/9/9/4C4/9/9/3K5 b - - 0 1");
        assert!(t.contains(&Theme::DoubleCannon), "{t:?}");
        assert!(!t.contains(&Theme::HorseCannon), "{t:?}");
    }

    #[test]
    fn trough_horse_with_facing_kings() {
        // King e9 boxed by its advisors f9 e8; the horse c8 checks through d8; d9 is on the red
        // king's open file.
        let t = patterns("4ka3/2N1a4/9/9/9/9/9/9/9/3K5 b - - 0 1");
        assert!(t.contains(&Theme::TroughHorse), "{t:?}");
        assert!(t.contains(&Theme::FacingKings), "{t:?}");
    }

    #[test]
    fn two_chariots() {
        // Chariot a9 checks along rank 9, chariot b8 holds rank 8; red king d0 holds the d-file.
        let t = patterns("R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1");
        assert!(t.contains(&Theme::TwoChariots), "{t:?}");
        assert!(t.contains(&Theme::FacingKings), "{t:?}");
        assert!(!t.contains(&Theme::TroughHorse), "{t:?}");
    }
}
