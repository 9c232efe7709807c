//! Traditional file numbers (RULES.md §1.5), move direction/target (§3.2) and the order of
//! same-type pieces on crowded files (§3.4), shared by the WXF and Chinese notations.

use crate::{Color, Move, Position, Role, Square};

/// Mover-relative file number 1..=9, counted from the mover's right.
pub(super) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - u8::from(sq.file()),
        Color::Black => u8::from(sq.file()) + 1,
    }
}

/// How far `sq` is from `color`'s back rank (0..=9).
fn advance(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => u8::from(sq.rank()),
        Color::Black => u8::from(sq.rank().flip()),
    }
}

/// 进/`+`, 退/`-` or 平/`.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    /// Toward the opponent.
    Forward,
    /// Toward the mover's own side.
    Backward,
    /// Along the rank.
    Traverse,
}

/// Direction and target number of `m`, a move of a `role` piece of `color`: the destination
/// file for traverses and for advisors, elephants and horses, else the number of points moved.
pub(super) fn describe(color: Color, role: Role, m: Move) -> (Dir, u8) {
    let a = advance(color, m.from());
    let b = advance(color, m.to());
    if a == b {
        return (Dir::Traverse, file_number(color, m.to()));
    }
    let dir = if b > a { Dir::Forward } else { Dir::Backward };
    let target = match role {
        Role::Advisor | Role::Elephant | Role::Horse => file_number(color, m.to()),
        _ => a.abs_diff(b),
    };
    (dir, target)
}

/// The mover's pieces of one role, file by file, each file listed front to back.
pub(super) struct Columns {
    /// Index `n - 1` holds file number `n`.
    cols: [Vec<Square>; 9],
}

impl Columns {
    /// The pieces of `color` and `role` in `pos`.
    pub(super) fn new(pos: &Position, color: Color, role: Role) -> Columns {
        let mut cols: [Vec<Square>; 9] = Default::default();
        for (sq, p) in pos.pieces() {
            if p.color == color && p.role == role {
                cols[usize::from(file_number(color, sq) - 1)].push(sq);
            }
        }
        for col in &mut cols {
            col.sort_by_key(|&sq| std::cmp::Reverse(advance(color, sq)));
        }
        Columns { cols }
    }

    /// The pieces on file number `n`, front first (empty for `n` outside 1..=9).
    pub(super) fn on(&self, n: u8) -> &[Square] {
        match usize::from(n).checked_sub(1).and_then(|i| self.cols.get(i)) {
            Some(col) => col,
            None => &[],
        }
    }

    /// Files holding at least two pieces, from the mover's right to left.
    pub(super) fn crowded(&self) -> impl Iterator<Item = &[Square]> + '_ {
        self.cols.iter().filter(|c| c.len() >= 2).map(Vec::as_slice)
    }

    /// Number of files holding at least two pieces.
    pub(super) fn multi(&self) -> usize {
        self.crowded().count()
    }
}

/// Where a piece stands among its same-type fellows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Place {
    /// Mover-relative file number.
    pub file: u8,
    /// 0 = frontmost on its file.
    pub index: usize,
    /// Pieces of the same role on the file (≥ 1).
    pub count: usize,
    /// Files holding two or more pieces of the role.
    pub multi: usize,
}

/// The place of the `color` `role` piece standing on `sq`.
pub(super) fn place(pos: &Position, color: Color, role: Role, sq: Square) -> Place {
    let cols = Columns::new(pos, color, role);
    let file = file_number(color, sq);
    let col = cols.on(file);
    Place {
        file,
        index: col.iter().position(|&s| s == sq).unwrap_or(0),
        count: col.len().max(1),
        multi: cols.multi(),
    }
}

/// Whether pieces of `role` use the file form even when two share a file (RULES.md §3.4 rules 1–2).
pub(super) fn always_by_file(role: Role) -> bool {
    matches!(role, Role::King | Role::Advisor | Role::Elephant)
}
