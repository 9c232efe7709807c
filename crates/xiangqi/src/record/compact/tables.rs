//! The committed tables ([`super::format1`]) and the codes built from them, once.

use super::format1;
use super::huffman::Code;
use std::sync::OnceLock;

/// The feature weights of the move ordering.
pub(crate) fn weights() -> &'static [i16] {
    &format1::WEIGHTS
}

/// The code of move ranks.
pub(crate) fn rank_code() -> &'static Code {
    static CODE: OnceLock<Code> = OnceLock::new();
    CODE.get_or_init(|| Code::new(&format1::RANK_LENGTHS))
}

/// The code of clock residual classes.
pub(crate) fn clock_code() -> &'static Code {
    static CODE: OnceLock<Code> = OnceLock::new();
    CODE.get_or_init(|| Code::new(&format1::CLOCK_LENGTHS))
}
