//! Static evaluation.
//!
//! Key decision: a hand-written, tapered (middlegame/endgame) evaluation computed from scratch at
//! every call, with no incremental state: material and piece-square tables, mobility of chariots,
//! horses and cannons, king safety (hollow cannon, pins on the king file, missing defenders against
//! the attackers that exploit them, attackers near the palace), crossed-pawn chains and defender
//! pairs. Scalar weights come from [`Params`], so the Texel tuner can change them.
//!
//! Scores are centipawns from the side to move's point of view.

use crate::params::Params;
use crate::pst;
use xiangqi::{Color, Position, Role, Square};

/// Phase weight of a full board (2 per chariot, 1 per horse or cannon).
const MAX_PHASE: i32 = 16;

/// Horse destinations with their leg points, by square (`(to, leg)`, 255 = unused).
static HORSE_STEPS: [[(u8, u8); 8]; 90] = horse_steps();

const fn horse_steps() -> [[(u8, u8); 8]; 90] {
    let mut t = [[(255u8, 255u8); 8]; 90];
    let d: [(i32, i32, i32, i32); 8] = [
        (1, 2, 0, 1),
        (-1, 2, 0, 1),
        (1, -2, 0, -1),
        (-1, -2, 0, -1),
        (2, 1, 1, 0),
        (2, -1, 1, 0),
        (-2, 1, -1, 0),
        (-2, -1, -1, 0),
    ];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = d[i];
            let (tf, tr) = (f + df, r + dr);
            if tf >= 0 && tf < 9 && tr >= 0 && tr < 10 {
                t[s][n] = ((tr * 9 + tf) as u8, ((r + lr) * 9 + f + lf) as u8);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Squares of each file.
static FILES: [u128; 9] = files();
/// Squares on ranks above each rank.
static ABOVE: [u128; 10] = above();
/// Squares on ranks below each rank.
static BELOW: [u128; 10] = below();

const fn files() -> [u128; 9] {
    let mut t = [0u128; 9];
    let mut s = 0;
    while s < 90 {
        t[s % 9] |= 1u128 << s;
        s += 1;
    }
    t
}

const fn above() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        let mut s = (r + 1) * 9;
        while s < 90 {
            t[r] |= 1u128 << s;
            s += 1;
        }
        r += 1;
    }
    t
}

const fn below() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        let mut s = 0;
        while s < r * 9 {
            t[r] |= 1u128 << s;
            s += 1;
        }
        r += 1;
    }
    t
}

#[inline]
fn bit(set: u128, sq: usize) -> bool {
    (set >> sq) & 1 != 0
}

/// Accumulated middlegame and endgame terms of one side.
#[derive(Default, Clone, Copy)]
struct Terms {
    mg: i32,
    eg: i32,
}

impl Terms {
    #[inline]
    fn add(&mut self, w: [i32; 2], times: i32) {
        self.mg += w[0] * times;
        self.eg += w[1] * times;
    }
}

/// Evaluates `pos` with the engine's weights, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Params::DEFAULT)
}

/// Evaluates `pos` with the weights `p`, from the side to move's point of view.
#[must_use]
pub fn evaluate_with(pos: &Position, p: &Params) -> i32 {
    let occ = pos.occupied();
    let mut terms = [Terms::default(); 2];
    let mut counts = [[0i32; 7]; 2];
    let mut pawn_sets = [0u128; 2];
    let mut attackers_in_zone = [0i32; 2];

    for color in Color::ALL {
        let c = color.index();
        let own = pos.occupied_by(color);
        let mut own_pawns = 0u128;
        let mut chariots = [0usize; 2];
        let mut n_chariots = 0;
        let mut set = own;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            let Some(piece) = pos.piece_at(Square::new(s)) else {
                continue;
            };
            let role = piece.role;
            let r = role.index();
            let rel = if color == Color::Red { s } else { 89 - s };
            let t = pst::of(role);
            let tm = &mut terms[c];
            tm.mg += p.material_mg[r] + t.mg[rel];
            tm.eg += p.material_eg[r] + t.eg[rel];
            counts[c][r] += 1;
            let rel_rank = rel / 9;
            let file = s % 9;
            match role {
                Role::Chariot => {
                    if n_chariots < 2 {
                        chariots[n_chariots] = s;
                        n_chariots += 1;
                    }
                    if rel_rank >= 6 {
                        attackers_in_zone[c] += 1;
                    }
                }
                Role::Horse => {
                    let mut mob = 0;
                    for &(to, leg) in &HORSE_STEPS[s] {
                        if to == 255 {
                            break;
                        }
                        if !bit(occ, leg as usize) && !bit(own, to as usize) {
                            mob += 1;
                        }
                    }
                    tm.add(p.horse_mob, mob - 4);
                    if mob <= 1 {
                        tm.add(p.horse_trapped, 1);
                    }
                    if rel_rank >= 6 && (2..=6).contains(&file) {
                        attackers_in_zone[c] += 1;
                    }
                }
                Role::Cannon => {
                    let mob = cannon_quiet_moves(occ, s);
                    tm.add(p.cannon_mob, mob - 6);
                    if rel_rank >= 7 && (3..=5).contains(&file) {
                        attackers_in_zone[c] += 1;
                    }
                }
                Role::Pawn => {
                    own_pawns |= 1u128 << s;
                    if rel_rank >= 5 {
                        pawn_sets[c] |= 1u128 << s;
                        if rel_rank >= 7 && (2..=6).contains(&file) {
                            attackers_in_zone[c] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        for &s in &chariots[..n_chariots] {
            let (mob, open) = chariot_scan(own_pawns, occ, own, s, color);
            let tm = &mut terms[c];
            tm.add(p.chariot_mob, mob - 7);
            if open {
                tm.add(p.chariot_open_file, 1);
            }
        }
    }

    for color in Color::ALL {
        let c = color.index();
        let e = c ^ 1;
        let tm = &mut terms[c];
        // Crossed pawns side by side.
        let pawns = pawn_sets[c];
        let mut set = pawns;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            if s % 9 < 8 && bit(pawns, s + 1) {
                tm.add(p.connected_pawns, 1);
            }
        }
        let advisors = counts[c][Role::Advisor.index()];
        let elephants = counts[c][Role::Elephant.index()];
        if advisors == 2 {
            tm.add(p.advisor_pair, 1);
        }
        if elephants == 2 {
            tm.add(p.elephant_pair, 1);
        }
        let enemy_rh = counts[e][Role::Chariot.index()] + counts[e][Role::Horse.index()];
        tm.add(p.missing_advisor, (2 - advisors) * enemy_rh);
        tm.add(
            p.missing_elephant,
            (2 - elephants) * counts[e][Role::Cannon.index()],
        );
        tm.add(p.zone_attacker, attackers_in_zone[e]);
        king_file_threats(pos, occ, color, p, tm);
    }

    let phase = (2 * (counts[0][Role::Chariot.index()] + counts[1][Role::Chariot.index()])
        + counts[0][Role::Horse.index()]
        + counts[1][Role::Horse.index()]
        + counts[0][Role::Cannon.index()]
        + counts[1][Role::Cannon.index()])
    .min(MAX_PHASE);
    let mg = terms[0].mg - terms[1].mg;
    let eg = terms[0].eg - terms[1].eg;
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;

    // A side without chariot, horse, cannon or pawn cannot win: shrink its advantage.
    let strong = if score > 0 { 0 } else { 1 };
    let attackers = counts[strong][Role::Chariot.index()]
        + counts[strong][Role::Horse.index()]
        + counts[strong][Role::Cannon.index()]
        + counts[strong][Role::Pawn.index()];
    if attackers == 0 {
        score /= 16;
    } else if attackers == 1 && counts[strong][Role::Pawn.index()] == 1 && pawn_sets[strong] == 0 {
        // A single pawn that has not crossed the river rarely wins.
        score /= 4;
    }

    let stm = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    stm + p.tempo
}

/// Number of points a chariot on `s` reaches, and whether no pawn of its own stands ahead of it.
#[inline]
fn chariot_scan(pawns: u128, occ: u128, own: u128, s: usize, color: Color) -> (i32, bool) {
    let mut mob = 0;
    let f = s % 9;
    let r = s / 9;
    let mut count_ray = |mut t: usize, step: isize, n: usize| {
        for _ in 0..n {
            t = (t as isize + step) as usize;
            if bit(occ, t) {
                if !bit(own, t) {
                    mob += 1;
                }
                return;
            }
            mob += 1;
        }
    };
    count_ray(s, 1, 8 - f);
    count_ray(s, -1, f);
    count_ray(s, 9, 9 - r);
    count_ray(s, -9, r);
    let ahead = if color == Color::Red {
        ABOVE[r]
    } else {
        BELOW[r]
    };
    let open = pawns & ahead & FILES[f] == 0;
    (mob, open)
}

/// Number of quiet moves of a cannon on `s`.
#[inline]
fn cannon_quiet_moves(occ: u128, s: usize) -> i32 {
    let f = s % 9;
    let r = s / 9;
    let mut mob = 0;
    let mut ray = |mut t: usize, step: isize, n: usize| {
        for _ in 0..n {
            t = (t as isize + step) as usize;
            if bit(occ, t) {
                return;
            }
            mob += 1;
        }
    };
    ray(s, 1, 8 - f);
    ray(s, -1, f);
    ray(s, 9, 9 - r);
    ray(s, -9, r);
    mob
}

/// Enemy cannons and chariots lined up on `color`'s king file, looking towards the enemy.
#[inline]
fn king_file_threats(pos: &Position, occ: u128, color: Color, p: &Params, tm: &mut Terms) {
    let k = pos.king(color).index();
    let (step, n): (isize, usize) = if color == Color::Red {
        (9, 9 - k / 9)
    } else {
        (-9, k / 9)
    };
    let enemy = !color;
    let mut screens = 0;
    let mut t = k;
    for _ in 0..n {
        t = (t as isize + step) as usize;
        if !bit(occ, t) {
            continue;
        }
        if let Some(pc) = pos.piece_at(Square::new(t)) {
            if pc.color == enemy {
                match (pc.role, screens) {
                    (Role::Cannon, 0) => tm.add(p.hollow_cannon, 1),
                    (Role::Cannon, 2) => tm.add(p.cannon_two_screens, 1),
                    (Role::Chariot, 1) => tm.add(p.open_chariot_on_king, 1),
                    _ => {}
                }
            }
        }
        screens += 1;
        if screens > 2 {
            break;
        }
    }
}
