//! Turning a parsed WXF/Chinese move description into a legal move (RULES.md §3.4 rule 5).
//!
//! A parser yields one or more readings ([`Spec`]s) of a text, most likely first. Each reading
//! names candidate source squares plus direction and target; the first reading that matches any
//! legal move decides: one match is the move, several are ambiguous.

use super::files::{describe, Columns, Dir};
use super::NotationError;
use crate::{Move, Position, Role, Square};

/// A position word among the pieces of one file (front first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// 前, `++`: the frontmost.
    Front,
    /// 中, official WXF middle pawn (3 or 5 on the file), xqbase `P.`.
    Middle,
    /// 后: the rearmost.
    Back,
    /// WXF `+`: frontmost of 2–3, second of 4–5.
    Plus,
    /// WXF `-`: rearmost of 2–3, second-to-last of 4–5.
    Minus,
    /// 1-based index from the front (一二三四五, FSF `15=6`).
    Nth(u8),
}

impl Which {
    /// The index of the chosen piece among `k` pieces, if the word fits `k`.
    fn index(self, k: usize) -> Option<usize> {
        let i = match self {
            Which::Front => 0,
            Which::Back => k.checked_sub(1)?,
            Which::Middle => match k {
                3 => 1,
                5 => 2,
                _ => return None,
            },
            Which::Plus => usize::from(k >= 4),
            Which::Minus => k.checked_sub(if k >= 4 { 2 } else { 1 })?,
            Which::Nth(n) => usize::from(n).checked_sub(1)?,
        };
        (i < k).then_some(i)
    }
}

/// When an [`Selector::OnFile`] reading applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Need {
    /// Always.
    Any,
    /// Only if the named file holds two or more pieces (FSF `15=6`).
    Crowded,
    /// Only if two files hold two or more pieces each (official WXF `6+.5`, `33.4`).
    TwoFiles,
}

/// Which pieces of the role a reading designates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Selector {
    /// The piece on this file number (`C2`, 炮二). On a file with 3 or 5 pieces the middle one
    /// is tried first (official WXF `P5.6`), then any piece of the file.
    File(u8),
    /// A position word without a file (`R+`, 前车): looked up on every crowded file.
    Which(Which),
    /// A position word on a given file (前六, `6+`, `33`, FSF `15`).
    OnFile {
        /// The position word.
        which: Which,
        /// Mover-relative file number.
        file: u8,
        /// When the reading applies.
        need: Need,
    },
    /// xqbase numbering of all pieces on crowded files, files from the mover's right, front to
    /// back within a file; 1-based (三兵, `Pc`).
    Global(u8),
}

/// One reading of a move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    /// The moving piece's role.
    pub role: Role,
    /// Which piece(s) of that role.
    pub selector: Selector,
    /// 进/退/平.
    pub dir: Dir,
    /// Target number 1..=9.
    pub target: u8,
}

/// Candidate source squares of `sel`, in tiers tried in order.
fn candidates(cols: &Columns, sel: Selector) -> Vec<Vec<Square>> {
    match sel {
        Selector::File(n) => {
            let col = cols.on(n);
            let mut tiers = Vec::new();
            if let Some(i) = Which::Middle.index(col.len()) {
                tiers.push(vec![col[i]]);
            }
            tiers.push(col.to_vec());
            tiers
        }
        Selector::Which(w) => vec![cols
            .crowded()
            .filter_map(|col| w.index(col.len()).map(|i| col[i]))
            .collect()],
        Selector::OnFile { which, file, need } => {
            let col = cols.on(file);
            let applies = match need {
                Need::Any => true,
                Need::Crowded => col.len() >= 2,
                Need::TwoFiles => cols.multi() >= 2,
            };
            if !applies {
                return Vec::new();
            }
            which
                .index(col.len())
                .map(|i| vec![vec![col[i]]])
                .unwrap_or_default()
        }
        Selector::Global(n) => {
            let all: Vec<Square> = cols.crowded().flatten().copied().collect();
            usize::from(n)
                .checked_sub(1)
                .and_then(|i| all.get(i))
                .map(|&sq| vec![vec![sq]])
                .unwrap_or_default()
        }
    }
}

/// The legal move of `pos` meant by the first reading in `specs` that matches any.
///
/// # Errors
/// [`NotationError::Illegal`] if no reading matches a legal move, [`NotationError::Ambiguous`]
/// if the deciding reading matches several.
pub(super) fn resolve(pos: &Position, specs: &[Spec], text: &str) -> Result<Move, NotationError> {
    let color = pos.turn();
    let legal = pos.legal_moves();
    for spec in specs {
        let cols = Columns::new(pos, color, spec.role);
        for tier in candidates(&cols, spec.selector) {
            let mut found = legal.iter().copied().filter(|&m| {
                tier.contains(&m.from()) && describe(color, spec.role, m) == (spec.dir, spec.target)
            });
            if let Some(m) = found.next() {
                return match found.next() {
                    None => Ok(m),
                    Some(_) => Err(NotationError::Ambiguous(text.to_string())),
                };
            }
        }
    }
    Err(NotationError::Illegal(text.to_string()))
}
