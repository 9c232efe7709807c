//! Evaluation weights.
//!
//! Key decision: every weight lives in one flat, named struct so that the Texel tuner
//! (`src/bin/tune.rs`) can read and write it as a vector; the default piece-square tables are
//! written out in `pst.rs`, where they can be read as boards. `Params::DEFAULT` is what the
//! engine plays with; the tuner prints a replacement for it. The current values come from `chuhe-tune tune --teacher 0.75
//! --rounds 12` on 80 000 self-play positions labelled with Fairy-Stockfish's scores
//! (docs/engine.md, Tuning).

/// Evaluation weights, in centipawns (mg = middlegame, eg = endgame; tapered by phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Material by role (King, Advisor, Elephant, Horse, Chariot, Cannon, Pawn), middlegame.
    pub material_mg: [i32; 7],
    /// Material by role, endgame.
    pub material_eg: [i32; 7],
    /// Per reachable point of a chariot.
    pub chariot_mob: [i32; 2],
    /// Per legal destination of a horse.
    pub horse_mob: [i32; 2],
    /// A horse with at most one destination.
    pub horse_trapped: [i32; 2],
    /// Per quiet move of a cannon.
    pub cannon_mob: [i32; 2],
    /// Enemy cannon on the king's file with nothing in between (空头炮).
    pub hollow_cannon: [i32; 2],
    /// Enemy cannon on the king's file behind exactly two screens (a latent 炮 battery).
    pub cannon_two_screens: [i32; 2],
    /// Enemy chariot on the king's file or rank with nothing in between.
    pub open_chariot_on_king: [i32; 2],
    /// Per missing advisor, multiplied by the number of enemy horses + chariots.
    pub missing_advisor: [i32; 2],
    /// Per missing elephant, multiplied by the number of enemy cannons.
    pub missing_elephant: [i32; 2],
    /// Per enemy attacking piece (R/H/C, crossed pawn) in the zone around the palace.
    pub zone_attacker: [i32; 2],
    /// Two crossed pawns side by side.
    pub connected_pawns: [i32; 2],
    /// Both advisors present.
    pub advisor_pair: [i32; 2],
    /// Both elephants present and guarding each other.
    pub elephant_pair: [i32; 2],
    /// Chariot on a file with no pawn of its own ahead of it.
    pub chariot_open_file: [i32; 2],
    /// Side-to-move bonus.
    pub tempo: i32,
    /// Piece-square bonus on top of material by role and Red-side square index, middlegame.
    pub pst_mg: [[i32; 90]; 7],
    /// Piece-square bonus by role and Red-side square index, endgame.
    pub pst_eg: [[i32; 90]; 7],
}

impl Params {
    /// The weights the engine plays with.
    pub const DEFAULT: Params = Params {
        material_mg: [0, 179, 179, 530, 1264, 644, 120],
        material_eg: [0, 96, 96, 258, 544, 237, 91],
        chariot_mob: [7, 2],
        horse_mob: [35, 1],
        horse_trapped: [-8, -51],
        cannon_mob: [0, 0],
        hollow_cannon: [-161, -14],
        cannon_two_screens: [-13, -31],
        open_chariot_on_king: [-56, -21],
        missing_advisor: [-26, 6],
        missing_elephant: [-22, 20],
        zone_attacker: [-38, 12],
        connected_pawns: [41, -1],
        advisor_pair: [16, -21],
        elephant_pair: [12, -21],
        chariot_open_file: [38, 26],
        tempo: 41,
        pst_mg: crate::pst::MG,
        pst_eg: crate::pst::EG,
    };

    /// Number of scalar weights at the start of [`Params::to_vec`] (the piece-square tables
    /// follow them).
    pub const SCALARS: usize = 7 * 2 + 14 * 2 + 1;

    /// Number of weights in [`Params::to_vec`].
    pub const LEN: usize = Self::SCALARS + 2 * 7 * 90;

    /// Index in [`Params::to_vec`] of the piece-square entry of `phase` (0 mg, 1 eg), role
    /// index `role` and Red-side square index `sq`.
    #[must_use]
    pub const fn pst_slot(phase: usize, role: usize, sq: usize) -> usize {
        Self::SCALARS + (phase * 7 + role) * 90 + sq
    }

    /// The weights as a flat vector (tuner input).
    #[must_use]
    pub fn to_vec(&self) -> Vec<i32> {
        let mut v = Vec::with_capacity(Self::LEN);
        v.extend_from_slice(&self.material_mg);
        v.extend_from_slice(&self.material_eg);
        for pair in self.pairs() {
            v.extend_from_slice(pair);
        }
        v.push(self.tempo);
        for table in self.pst_mg.iter().chain(&self.pst_eg) {
            v.extend_from_slice(table);
        }
        v
    }

    /// Inverse of [`Params::to_vec`]; `None` if the length is wrong.
    #[must_use]
    pub fn from_vec(v: &[i32]) -> Option<Params> {
        if v.len() != Self::LEN {
            return None;
        }
        let mut p = Params::DEFAULT;
        p.material_mg.copy_from_slice(&v[0..7]);
        p.material_eg.copy_from_slice(&v[7..14]);
        let mut i = 14;
        for pair in p.pairs_mut() {
            pair.copy_from_slice(&v[i..i + 2]);
            i += 2;
        }
        p.tempo = v[i];
        i += 1;
        for table in p.pst_mg.iter_mut().chain(p.pst_eg.iter_mut()) {
            table.copy_from_slice(&v[i..i + 90]);
            i += 90;
        }
        Some(p)
    }

    /// Names matching [`Params::to_vec`] (for the tuner's output).
    #[must_use]
    pub fn names() -> Vec<String> {
        let mut n = Vec::with_capacity(Self::LEN);
        for phase in ["mg", "eg"] {
            for role in ROLE_LETTERS {
                n.push(format!("material_{phase}.{role}"));
            }
        }
        for name in PAIR_NAMES {
            n.push(format!("{name}.mg"));
            n.push(format!("{name}.eg"));
        }
        n.push("tempo".to_string());
        for phase in ["mg", "eg"] {
            for role in ROLE_LETTERS {
                for sq in 0..90 {
                    n.push(format!("pst_{phase}.{role}.{sq}"));
                }
            }
        }
        n
    }

    fn pairs(&self) -> [&[i32; 2]; 14] {
        [
            &self.chariot_mob,
            &self.horse_mob,
            &self.horse_trapped,
            &self.cannon_mob,
            &self.hollow_cannon,
            &self.cannon_two_screens,
            &self.open_chariot_on_king,
            &self.missing_advisor,
            &self.missing_elephant,
            &self.zone_attacker,
            &self.connected_pawns,
            &self.advisor_pair,
            &self.elephant_pair,
            &self.chariot_open_file,
        ]
    }

    fn pairs_mut(&mut self) -> [&mut [i32; 2]; 14] {
        [
            &mut self.chariot_mob,
            &mut self.horse_mob,
            &mut self.horse_trapped,
            &mut self.cannon_mob,
            &mut self.hollow_cannon,
            &mut self.cannon_two_screens,
            &mut self.open_chariot_on_king,
            &mut self.missing_advisor,
            &mut self.missing_elephant,
            &mut self.zone_attacker,
            &mut self.connected_pawns,
            &mut self.advisor_pair,
            &mut self.elephant_pair,
            &mut self.chariot_open_file,
        ]
    }
}

/// Role letters by role index, for the weight names.
const ROLE_LETTERS: [&str; 7] = ["K", "A", "E", "H", "R", "C", "P"];

const PAIR_NAMES: [&str; 14] = [
    "chariot_mob",
    "horse_mob",
    "horse_trapped",
    "cannon_mob",
    "hollow_cannon",
    "cannon_two_screens",
    "open_chariot_on_king",
    "missing_advisor",
    "missing_elephant",
    "zone_attacker",
    "connected_pawns",
    "advisor_pair",
    "elephant_pair",
    "chariot_open_file",
];

impl Default for Params {
    fn default() -> Self {
        Params::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flat_vector_round_trips_and_names_every_weight() {
        let v = Params::DEFAULT.to_vec();
        assert_eq!(v.len(), Params::LEN);
        assert_eq!(Params::names().len(), Params::LEN);
        assert_eq!(Params::from_vec(&v), Some(Params::DEFAULT));
        assert_eq!(Params::from_vec(&v[1..]), None);
        // The last slot is the endgame pawn table's last point.
        let mut w = v.clone();
        w[Params::LEN - 1] += 7;
        let p = Params::from_vec(&w).expect("right length");
        assert_eq!(p.pst_eg[6][89], Params::DEFAULT.pst_eg[6][89] + 7);
        assert_eq!(Params::names()[Params::LEN - 1], "pst_eg.P.89");
        assert_eq!(Params::pst_slot(1, 6, 89), Params::LEN - 1);
    }
}
