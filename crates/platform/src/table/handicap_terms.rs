//! What a table keeps of a handicap being agreed: the agreed one with its start position, and a
//! pending proposal.

use super::handicap::Handicap;
use xiangqi::{Color, Position};

/// A handicap with the start position it gives at this table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgreedHandicap {
    /// The handicap.
    pub handicap: Handicap,
    /// The position games start from with it.
    pub start: Position,
}

/// A pending handicap proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandicapProposal {
    /// The proposer's seat.
    pub by: Color,
    /// The proposed handicap and its start.
    pub offer: AgreedHandicap,
}
