//! Records as people keep them, and opening names.
//!
//! * [`decode_record`]: a text record's bytes in any encoding people use for Xiangqi records
//!   (UTF-8, UTF-16, GB18030/GBK, Big5), detected and confirmed by reading the moves.
//! * [`read_record`]: a whole record file (XQF with GBK or Big5 strings, DhtmlXQ, PGN
//!   collections) from its raw bytes.
//! * [`ecco`]: ECCO opening codes (A00–E99) with Chinese names and English glosses, classified
//!   by position (transposition-aware) and mirror-invariant.

pub mod decode;
pub mod ecco;
pub mod records;

pub use decode::{decode_record, encoding_for_label, DecodeError};
pub use encoding_rs::Encoding;
pub use records::{read_record, Record, RecordError, RecordKind};
