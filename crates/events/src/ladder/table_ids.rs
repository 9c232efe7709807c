//! Which table plays which ladder challenge: `9·10¹² + ladder·10⁹ + challenge`, far above room
//! and tournament tables.

use platform::ladder::ChallengeId;
use platform::TableId;

/// The first table id of ladder games (far above room and tournament tables).
pub const FIRST_LADDER_TABLE: u64 = 9_000_000_000_000;
/// Table ids per ladder (challenge numbers stay below this).
const PER_LADDER: u64 = 1_000_000_000;

/// The table of challenge `challenge` of ladder `ladder`.
#[must_use]
pub fn table_of(ladder: u32, challenge: ChallengeId) -> TableId {
    TableId(FIRST_LADDER_TABLE + u64::from(ladder) * PER_LADDER + challenge.0 % PER_LADDER)
}

/// The ladder and challenge a ladder table plays.
#[must_use]
pub fn challenge_of_table(table: TableId) -> Option<(u32, ChallengeId)> {
    let rest = table.0.checked_sub(FIRST_LADDER_TABLE)?;
    let ladder = u32::try_from(rest / PER_LADDER).ok()?;
    (1..=super::spec::MAX_LADDER_ID)
        .contains(&ladder)
        .then_some((ladder, ChallengeId(rest % PER_LADDER)))
}

/// Whether `table` plays ladder games (players may not sit, stand or abort there).
#[must_use]
pub fn is_ladder_table(table: TableId) -> bool {
    challenge_of_table(table).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ids_name_their_ladder_and_challenge() {
        let t = table_of(7, ChallengeId(12));
        assert_eq!(challenge_of_table(t), Some((7, ChallengeId(12))));
        assert!(is_ladder_table(t));
        assert!(!is_ladder_table(TableId(2_000_001_001)));
        assert!(!is_ladder_table(TableId(FIRST_LADDER_TABLE + 5)));
    }
}
