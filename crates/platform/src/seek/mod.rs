//! Quick pairing (快速开始), open seeks in the lobby and challenges to a named player or by link.
//!
//! A [`SeekBook`] holds the waiting seeks of every room. A quick game pairs at once with the best
//! compatible waiting seek (same room, same time control, both rated or both not, colours that
//! agree, each rating inside the other's window), else waits as a seek of its own; the rating
//! window widens the longer a seek waits ([`SeekRules::window`]), and [`SeekBook::sweep`] pairs
//! seeks whose windows have come to overlap and drops expired ones. An open seek or a challenge is
//! accepted by id — exactly once; a cancelled seek never pairs. Pure: time is passed in, results
//! are returned; the server seats the pair at a table of the room.

mod book;
mod model;
mod rules;

pub use book::{SeekBook, SeekError, SeekOutcome, Sweep};
pub use model::{Pairing, Seek, SeekId, SeekKind, SeekSpec, Seeker};
pub use rules::SeekRules;
