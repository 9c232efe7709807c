//! Property tests of the compact storage (`record::compact`): random legal games from the start
//! and from random positions (given by FEN) decode exactly; clock readings decode to the kept
//! precision; any bytes decode to a game or an error, never a panic.

use proptest::prelude::*;
use xiangqi::record::compact::{
    decode_clocks, decode_moves, encode_clocks, encode_moves, kept_clocks, CompactError,
};
use xiangqi::{Move, Position};

/// Odd starts: Black to move, a bare endgame, a middlegame.
const STARTS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
    "2bakab2/4r4/4n4/p3R3p/4P4/4P4/2n6/4R4/4N4/3AKAB2 w - - 0 20",
];

/// Plays `seeds` as move choices from `pos`; returns the moves.
fn play(pos: &Position, seeds: &[u16]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    for &s in seeds {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(s) % legal.len()];
        pos.play_mut(m).expect("legal");
        moves.push(m);
    }
    moves
}

/// A random position: a random game's end from the start (or one of [`STARTS`]), through FEN.
fn start(which: usize, prefix: &[u16]) -> Position {
    let base = match which {
        0 => Position::startpos(),
        i => Position::from_fen(STARTS[(i - 1) % STARTS.len()]).expect("fen"),
    };
    let mut pos = base;
    for m in play(&pos, prefix) {
        pos.play_mut(m).expect("legal");
    }
    Position::from_fen(&pos.fen()).expect("own fen")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_decode_exactly(
        which in 0..4usize,
        prefix in prop::collection::vec(any::<u16>(), 0..60),
        seeds in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let start = start(which, &prefix);
        let moves = play(&start, &seeds);
        let bytes = encode_moves(&start, &moves).expect("legal game");
        prop_assert_eq!(decode_moves(&start, &bytes).expect("own encoding"), moves);
    }

    #[test]
    fn clocks_decode_to_the_kept_precision(readings in prop::collection::vec(any::<u32>(), 0..200)) {
        let bytes = encode_clocks(&readings);
        let back = decode_clocks(&bytes).expect("own encoding");
        prop_assert_eq!(&back, &kept_clocks(&readings));
        for (v, k) in readings.iter().zip(&back) {
            prop_assert!(*k == u32::MAX || (*k <= *v && v - k < 10));
        }
    }

    #[test]
    fn realistic_clocks_decode(
        initial in 0u32..3_600_000,
        spent in prop::collection::vec((0u32..120_000, 0u32..30_000), 0..200),
    ) {
        let mut left = [initial; 2];
        let readings: Vec<u32> = spent
            .iter()
            .enumerate()
            .map(|(i, &(think, inc))| {
                let side = &mut left[i % 2];
                *side = side.saturating_sub(think).saturating_add(inc);
                *side
            })
            .collect();
        let back = decode_clocks(&encode_clocks(&readings)).expect("own encoding");
        prop_assert_eq!(back, kept_clocks(&readings));
    }

    #[test]
    fn any_bytes_are_a_game_or_an_error(which in 0..4usize, bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let start = start(which, &[]);
        if let Ok(moves) = decode_moves(&start, &bytes) {
            // Whatever decodes is a legal game that encodes back to the same bytes.
            prop_assert_eq!(&encode_moves(&start, &moves).expect("legal"), &bytes);
        }
        let _ = decode_clocks(&bytes);
    }

    #[test]
    fn damaged_encodings_never_panic(
        seeds in prop::collection::vec(any::<u16>(), 1..80),
        at in any::<usize>(),
        flip in 1u8..=255,
        cut in any::<usize>(),
    ) {
        let start = Position::startpos();
        let moves = play(&start, &seeds);
        let mut bytes = encode_moves(&start, &moves).expect("legal");
        let i = at % bytes.len();
        bytes[i] ^= flip;
        let _ = decode_moves(&start, &bytes);
        bytes.truncate(cut % (bytes.len() + 1));
        let _ = decode_moves(&start, &bytes);
        let mut clocks = encode_clocks(&[600_000, 599_000, 598_000, 1]);
        let j = at % clocks.len();
        clocks[j] ^= flip;
        let _ = decode_clocks(&clocks);
    }
}

#[test]
fn format_bytes_are_checked() {
    let start = Position::startpos();
    assert_eq!(decode_moves(&start, &[]), Err(CompactError::Truncated));
    assert_eq!(
        decode_moves(&start, &[99, 0]),
        Err(CompactError::UnknownFormat(99))
    );
    assert_eq!(
        decode_clocks(&[99, 0]),
        Err(CompactError::UnknownFormat(99))
    );
    // A claimed length far beyond the bytes is refused before anything is allocated.
    assert_eq!(
        decode_moves(&start, &[1, 0xff, 0xff, 0xff, 0xff, 0x0f]),
        Err(CompactError::Truncated)
    );
}
