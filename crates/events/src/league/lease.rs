//! Where leagues' director leases live: a `table_owner` row per league under an id of its own
//! range, claimed as an event's or a ladder's is (docs/scale.md, "Ownership").

use platform::TableId;

/// Where the lease ids of leagues' directors start (above the ladders').
pub const FIRST_LEAGUE_LEASE: u64 = 8_600_000_000_000_000;

/// The lease id of league `league`'s director (a `table_owner` row, as an event's).
#[must_use]
pub fn lease_id(league: u32) -> TableId {
    TableId(FIRST_LEAGUE_LEASE + u64::from(league))
}
