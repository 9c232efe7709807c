//! Evaluation weights.
//!
//! Key decision: the piece-square tables are hand-written shapes (in `pst.rs`), while every scalar
//! weight lives here in one flat, named struct so that the Texel tuner (`src/bin/tune.rs`) can
//! read and write it as a vector. `Params::DEFAULT` is what the engine plays with; the tuner
//! prints a replacement for it. The current values come from `chuhe-tune tune --teacher 0.75
//! --rounds 12` on 80 000 self-play positions labelled with Fairy-Stockfish's scores
//! (docs/engine.md, Tuning).

/// Scalar evaluation weights, in centipawns (mg = middlegame, eg = endgame; tapered by phase).
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
    };

    /// Number of weights in [`Params::to_vec`].
    pub const LEN: usize = 7 * 2 + 14 * 2 + 1;

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
        Some(p)
    }

    /// Names matching [`Params::to_vec`] (for the tuner's output).
    #[must_use]
    pub fn names() -> Vec<String> {
        let mut n = Vec::with_capacity(Self::LEN);
        for phase in ["mg", "eg"] {
            for role in ["K", "A", "E", "H", "R", "C", "P"] {
                n.push(format!("material_{phase}.{role}"));
            }
        }
        for name in PAIR_NAMES {
            n.push(format!("{name}.mg"));
            n.push(format!("{name}.eg"));
        }
        n.push("tempo".to_string());
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
