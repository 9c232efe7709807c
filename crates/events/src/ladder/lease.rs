//! Where ladders' director leases live: a `table_owner` row per ladder under an id of its own
//! range, claimed as an event's is (docs/scale.md, "Ownership").

use platform::TableId;

/// Where the lease ids of ladders' directors start (above the events' leases).
pub const FIRST_LADDER_LEASE: u64 = 8_500_000_000_000_000;

/// The lease id of ladder `ladder`'s director (a `table_owner` row, as an event's).
#[must_use]
pub fn lease_id(ladder: u32) -> TableId {
    TableId(FIRST_LADDER_LEASE + u64::from(ladder))
}
