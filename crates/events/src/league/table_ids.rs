//! Which table plays which board of which league match:
//! `10·10¹² + league·10⁹ + 16·match + board`, above the ladder's `9·10¹² + ladder·10⁹` (ladder
//! ids stay below 1000, so ladder tables stay below 10·10¹²).

use platform::league::MatchId;
use platform::TableId;

/// The first table id of league games.
pub const FIRST_LEAGUE_TABLE: u64 = 10_000_000_000_000;
/// Table ids per league (16 per match: match numbers stay below 62.5 million).
const PER_LEAGUE: u64 = 1_000_000_000;
/// The largest league id.
pub const MAX_LEAGUE_ID: u32 = 999;

/// The table of board `board` (0 = board 1) of match `m` of league `league`.
#[must_use]
pub fn table_of(league: u32, m: MatchId, board: u8) -> TableId {
    let within = (16 * u64::from(m.0) + u64::from(board % 16)) % PER_LEAGUE;
    TableId(FIRST_LEAGUE_TABLE + u64::from(league) * PER_LEAGUE + within)
}

/// The league, match and board a league table plays.
#[must_use]
pub fn board_of_table(table: TableId) -> Option<(u32, MatchId, u8)> {
    let rest = table.0.checked_sub(FIRST_LEAGUE_TABLE)?;
    let league = u32::try_from(rest / PER_LEAGUE).ok()?;
    let within = rest % PER_LEAGUE;
    let m = u32::try_from(within / 16).ok()?;
    (1..=MAX_LEAGUE_ID)
        .contains(&league)
        .then_some((league, MatchId(m), (within % 16) as u8))
}

/// Whether `table` plays league games (players may not sit, stand or abort there).
#[must_use]
pub fn is_league_table(table: TableId) -> bool {
    board_of_table(table).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ids_name_their_league_match_and_board() {
        let t = table_of(7, MatchId(12), 3);
        assert_eq!(board_of_table(t), Some((7, MatchId(12), 3)));
        assert!(is_league_table(t));
        let ladder_top = crate::ladder::FIRST_LADDER_TABLE + 1_000 * PER_LEAGUE - 1;
        assert!(!is_league_table(TableId(ladder_top)));
        assert!(!is_league_table(TableId(2_000_001_001)));
    }
}
