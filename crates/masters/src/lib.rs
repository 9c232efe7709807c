//! The masters database (issue #39): master games from directories, archives and collections
//! in any encoding, de-duplicated, with names normalised, loaded into the store; and the shipped
//! set, the de-duplicated CCPD master games in the compact record format, with their credit.
//!
//! * [`load_paths`] / [`load_pack`]: files or a shipped set into the database.
//! * [`bundle_paths`]: record files into a shipped set (`chuhe admin masters pack`).
//! * [`names`]: traditional → simplified names and search keys.
//! * [`game`]: a record's game as a store row; [`game::dedupe_key`], [`game::position_key`].
//! * [`pack`]: the shipped set's file format.

pub mod bundle;
pub mod game;
pub mod load;
pub mod names;
pub mod pack;
pub mod sources;

pub use bundle::{bundle_paths, Bundle};
pub use load::{load_pack, load_paths, LoadOptions, Progress, Report};

/// The source name of the shipped set.
pub const CCPD_SOURCE: &str = "ccpd";

/// The credit of the CCPD games, shown wherever they are.
pub const CCPD_CREDIT: &str = "Chinese Chess Practical Dataset (CCPD) by Yu-Han Tseng, \
                               licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)";

/// The shipped set: the de-duplicated CCPD master games (`data/ccpd-masters.chmg`, built by
/// `chuhe admin masters pack`; `data/ccpd-masters.md` says how).
pub const SHIPPED: &[u8] = include_bytes!("../data/ccpd-masters.chmg");

/// The options of loading the shipped set.
#[must_use]
pub fn shipped_options() -> LoadOptions {
    LoadOptions {
        source: CCPD_SOURCE.to_owned(),
        credit: CCPD_CREDIT.to_owned(),
        encoding: None,
    }
}
