//! The committed fixtures (small, synthetic): the same game in Big5, GB18030, UTF-8 and UTF-16,
//! a Big5 game with Black to move first, and bytes that are no text.

use encoding_rs::{BIG5, GB18030, UTF_16BE, UTF_16LE, UTF_8};
use study::{decode_record, DecodeError};
use xiangqi::record::parse_pgn;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect(name)
}

#[test]
fn every_encoding_reads_to_the_same_moves() {
    let mut moves = Vec::new();
    for (name, enc) in [
        ("big5.pgn", BIG5),
        ("gb18030.pgn", GB18030),
        ("utf8.pgn", UTF_8),
        ("utf16le-bom.pgn", UTF_16LE),
        ("utf16be.pgn", UTF_16BE),
    ] {
        let (text, found) = decode_record(&fixture(name), None).expect(name);
        assert_eq!(found, enc, "{name}");
        let g = parse_pgn(&text).expect(name);
        assert_eq!(g.moves.len(), 10, "{name}");
        assert!(g.tags.get("Event").unwrap().contains("楚河"), "{name}");
        moves.push(g.moves);
    }
    assert!(moves.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn big5_with_black_to_move_first() {
    let (text, enc) = decode_record(&fixture("big5-black-first.pgn"), None).unwrap();
    assert_eq!(enc, BIG5);
    let g = parse_pgn(&text).unwrap();
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.start.turn(), xiangqi::Color::Black);
}

#[test]
fn a_forced_encoding_overrides_detection() {
    // Read as GB18030 the Big5 bytes decode, but the moves are mojibake.
    let (text, enc) = decode_record(&fixture("big5.pgn"), Some(GB18030)).unwrap();
    assert_eq!(enc, GB18030);
    assert!(parse_pgn(&text).is_err());
    assert_eq!(
        decode_record(&fixture("big5.pgn"), Some(UTF_8)),
        Err(DecodeError::Malformed { encoding: "UTF-8" })
    );
}

#[test]
fn bytes_that_are_no_text_are_refused() {
    let err = decode_record(&fixture("binary.bin"), None).unwrap_err();
    assert!(err.to_string().starts_with("not a text record"), "{err}");
}
