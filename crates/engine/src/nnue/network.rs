//! The evaluation network: its file format, loading with clear errors, and the output layer.
//!
//! Key decision: one small fixed shape — 1,260 piece-square inputs (2 relative colours × 7 roles
//! × 90 points, seen from each side) → 256 int16 neurons per perspective → SCReLU → 1 — so that
//! every loop has a compile-time length and autovectorises in safe Rust. The file is a fixed
//! 64-byte header (magic, version, dimensions, quantisation constants, payload length and an
//! FNV-1a 64 checksum of the payload) followed by little-endian weights; anything that does not
//! match exactly is refused with an error that says what is wrong, never half-loaded.

use std::fmt;
use std::path::Path;
use xiangqi::{Color, Position, Square};

/// Input features per perspective: 2 relative colours × 7 roles × 90 points.
pub const INPUTS: usize = 2 * 7 * 90;
/// Neurons of the accumulator, per perspective.
pub const HIDDEN: usize = 256;
/// Quantisation of the feature transformer (weights and biases × `QA`, activations clipped to
/// `0..=QA`).
pub const QA: i32 = 255;
/// Quantisation of the output weights (× `QB`).
pub const QB: i32 = 128;
/// The network's raw output × `SCALE` is centipawns (the trainer fits `sigmoid(output)` to
/// `sigmoid(cp / SCALE)`).
pub const SCALE: i32 = 400;
/// File magic: the first eight bytes of every network file.
pub const MAGIC: [u8; 8] = *b"CHUHENN\0";
/// Format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Length of the header in bytes.
pub const HEADER_LEN: usize = 64;
/// Length of the weights after the header in bytes.
pub const PAYLOAD_LEN: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
/// Largest centipawn value the network may return (kept well inside the mate scores).
pub const EVAL_LIMIT: i32 = 20_000;

/// Why a network file could not be used.
#[derive(Debug)]
pub enum NetError {
    /// The file could not be read (missing, no permission, …).
    Io {
        /// The path as given.
        path: String,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// Shorter than a header plus the payload it announces.
    Truncated {
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// Longer than the header plus the payload it announces.
    TrailingBytes {
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// Not a Chuhe network file.
    BadMagic,
    /// A format version this build does not read.
    UnsupportedVersion(u32),
    /// The header announces another shape or other quantisation constants.
    WrongShape {
        /// What the header says, as `inputs×hidden qa/qb/scale`.
        found: String,
    },
    /// The payload does not match the header's checksum (a damaged file).
    ChecksumMismatch {
        /// Checksum in the header.
        expected: u64,
        /// Checksum of the payload read.
        found: u64,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io { path, error } => write!(f, "cannot read network file {path}: {error}"),
            NetError::Truncated { expected, found } => write!(
                f,
                "network file truncated: {found} bytes, expected {expected}"
            ),
            NetError::TrailingBytes { expected, found } => write!(
                f,
                "network file too long: {found} bytes, expected {expected}"
            ),
            NetError::BadMagic => f.write_str("not a Chuhe network file (bad magic)"),
            NetError::UnsupportedVersion(v) => write!(
                f,
                "network file format version {v} is not supported (this build reads {VERSION})"
            ),
            NetError::WrongShape { found } => write!(
                f,
                "network shape {found} does not match this build's {INPUTS}×{HIDDEN} {QA}/{QB}/{SCALE}"
            ),
            NetError::ChecksumMismatch { expected, found } => write!(
                f,
                "network file corrupt: checksum {found:016x}, header says {expected:016x}"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// FNV-1a, 64 bits: the checksum of a network's payload (a guard against damage, not against
/// tampering).
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Feature weights, `INPUTS` columns of `HIDDEN` values (× `QA`).
    pub(crate) feature_weights: Vec<i16>,
    /// Accumulator biases (× `QA`).
    pub(crate) feature_bias: [i16; HIDDEN],
    /// Output weights: the side to move's half, then the other side's (× `QB`).
    pub(crate) output_weights: [i16; 2 * HIDDEN],
    /// Output bias (× `QA · QB`).
    pub(crate) output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({INPUTS}×{HIDDEN}, checksum {:016x})",
            self.checksum()
        )
    }
}

/// Index of the feature "piece `code` on `sq`" seen from `perspective` (0 Red, 1 Black): colours
/// relative (own pieces first) and, for Black, the board turned upside down (ranks flipped, files
/// kept), so that both perspectives share one set of weights.
#[inline]
#[must_use]
pub fn feature(perspective: usize, code: u8, sq: usize) -> usize {
    let c = usize::from(code - 1);
    let (color, role) = (c / 7, c % 7);
    let rel = usize::from(color != perspective);
    let s = if perspective == 0 {
        sq
    } else {
        (9 - sq / 9) * 9 + sq % 9
    };
    rel * 630 + role * 90 + s
}

impl Network {
    /// A network from its parts (the trainer's quantised output).
    ///
    /// # Panics
    /// If `feature_weights` does not hold `INPUTS × HIDDEN` values.
    #[must_use]
    pub fn from_parts(
        feature_weights: Vec<i16>,
        feature_bias: [i16; HIDDEN],
        output_weights: [i16; 2 * HIDDEN],
        output_bias: i32,
    ) -> Network {
        assert_eq!(feature_weights.len(), INPUTS * HIDDEN);
        Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        }
    }

    /// A network with random weights of realistic size (for tests and speed measurements).
    #[must_use]
    pub fn random(seed: u64) -> Network {
        let mut x = seed | 1;
        let mut next = move |range: i32| -> i16 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 33) as i32 % (2 * range + 1) - range) as i16
        };
        let feature_weights = (0..INPUTS * HIDDEN).map(|_| next(120)).collect();
        let mut feature_bias = [0i16; HIDDEN];
        for b in &mut feature_bias {
            *b = next(60) + 40;
        }
        let mut output_weights = [0i16; 2 * HIDDEN];
        for w in &mut output_weights {
            *w = next(120);
        }
        Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias: i32::from(next(3000)),
        }
    }

    /// The column of weights of feature `f`.
    #[inline]
    pub(crate) fn column(&self, f: usize) -> &[i16; HIDDEN] {
        self.feature_weights[f * HIDDEN..(f + 1) * HIDDEN]
            .try_into()
            .expect("a column has HIDDEN weights")
    }

    /// The file image: header and payload.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(PAYLOAD_LEN);
        for w in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        payload.extend_from_slice(&self.output_bias.to_le_bytes());
        debug_assert_eq!(payload.len(), PAYLOAD_LEN);
        let mut out = Vec::with_capacity(HEADER_LEN + PAYLOAD_LEN);
        out.extend_from_slice(&MAGIC);
        for v in [VERSION, INPUTS as u32, HIDDEN as u32, QA as u32, QB as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(SCALE as u32).to_le_bytes());
        out.extend_from_slice(&(PAYLOAD_LEN as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&payload).to_le_bytes());
        out.resize(HEADER_LEN, 0);
        out.extend_from_slice(&payload);
        out
    }

    /// Checksum of the payload (as stored in the header).
    #[must_use]
    pub fn checksum(&self) -> u64 {
        let bytes = self.to_bytes();
        checksum(&bytes[HEADER_LEN..])
    }

    /// Reads a network from a file image.
    ///
    /// # Errors
    /// A [`NetError`] naming what does not match.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN {
            return Err(if bytes.len() >= 8 && bytes[..8] != MAGIC {
                NetError::BadMagic
            } else {
                NetError::Truncated {
                    expected: HEADER_LEN + PAYLOAD_LEN,
                    found: bytes.len(),
                }
            });
        }
        if bytes[..8] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != VERSION {
            return Err(NetError::UnsupportedVersion(version));
        }
        let (inputs, hidden, qa, qb, scale) =
            (u32_at(12), u32_at(16), u32_at(20), u32_at(24), u32_at(28));
        let payload_len = u64_at(32);
        if (inputs, hidden, qa, qb, scale)
            != (
                INPUTS as u32,
                HIDDEN as u32,
                QA as u32,
                QB as u32,
                SCALE as u32,
            )
            || payload_len != PAYLOAD_LEN as u64
        {
            return Err(NetError::WrongShape {
                found: format!("{inputs}×{hidden} {qa}/{qb}/{scale} ({payload_len} bytes)"),
            });
        }
        let expected = HEADER_LEN + PAYLOAD_LEN;
        if bytes.len() < expected {
            return Err(NetError::Truncated {
                expected,
                found: bytes.len(),
            });
        }
        if bytes.len() > expected {
            return Err(NetError::TrailingBytes {
                expected,
                found: bytes.len(),
            });
        }
        let payload = &bytes[HEADER_LEN..];
        let (want, got) = (u64_at(40), checksum(payload));
        if want != got {
            return Err(NetError::ChecksumMismatch {
                expected: want,
                found: got,
            });
        }
        let mut words = payload
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let feature_weights: Vec<i16> = words.by_ref().take(INPUTS * HIDDEN).collect();
        let mut feature_bias = [0i16; HIDDEN];
        for (b, w) in feature_bias.iter_mut().zip(words.by_ref()) {
            *b = w;
        }
        let mut output_weights = [0i16; 2 * HIDDEN];
        for (o, w) in output_weights.iter_mut().zip(words.by_ref()) {
            *o = w;
        }
        let tail = &payload[PAYLOAD_LEN - 4..];
        let output_bias = i32::from_le_bytes(tail.try_into().expect("4 bytes"));
        Ok(Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetError::Io`] if the file cannot be read, otherwise as [`Network::from_bytes`].
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|error| NetError::Io {
            path: path.display().to_string(),
            error,
        })?;
        Network::from_bytes(&bytes)
    }

    /// Writes the network file.
    ///
    /// # Errors
    /// The file system's error.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }

    /// The accumulator of `pos` computed from scratch.
    #[must_use]
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            v: [self.feature_bias; 2],
        };
        for (sq, piece) in pos.pieces() {
            let code = piece.code();
            for (p, half) in acc.v.iter_mut().enumerate() {
                let col = self.column(feature(p, code, sq.index()));
                for (a, w) in half.iter_mut().zip(col) {
                    *a = a.wrapping_add(*w);
                }
            }
        }
        acc
    }

    /// The evaluation in centipawns for the side to move `stm`, from an accumulator.
    #[inline]
    #[must_use]
    pub fn output(&self, acc: &Accumulator, stm: Color) -> i32 {
        let (us, them) = (&acc.v[stm.index()], &acc.v[1 - stm.index()]);
        let (w_us, w_them) = self.output_weights.split_at(HIDDEN);
        let sum = screlu_dot(us, w_us) + screlu_dot(them, w_them);
        let v = (sum / i64::from(QA) + i64::from(self.output_bias)) * i64::from(SCALE)
            / i64::from(QA * QB);
        v.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    /// The evaluation of `pos` from scratch (centipawns, side to move's view).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos.turn())
    }

    /// The accumulator after the piece `mover` moved `from` → `to`, capturing `captured`
    /// (0: none), written into `dst` from its parent `src`.
    #[inline]
    pub(crate) fn update(
        &self,
        src: &Accumulator,
        dst: &mut Accumulator,
        mover: u8,
        from: Square,
        to: Square,
        captured: u8,
    ) {
        for p in 0..2 {
            let add = self.column(feature(p, mover, to.index()));
            let sub = self.column(feature(p, mover, from.index()));
            if captured == 0 {
                add_sub(&src.v[p], &mut dst.v[p], add, sub);
            } else {
                let sub2 = self.column(feature(p, captured, to.index()));
                add_sub_sub(&src.v[p], &mut dst.v[p], add, sub, sub2);
            }
        }
    }
}

/// `dst = src + add − sub`, lane by lane.
#[inline]
fn add_sub(src: &[i16; HIDDEN], dst: &mut [i16; HIDDEN], add: &[i16; HIDDEN], sub: &[i16; HIDDEN]) {
    for i in 0..HIDDEN {
        dst[i] = src[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
    }
}

/// `dst = src + add − sub1 − sub2`, lane by lane.
#[inline]
fn add_sub_sub(
    src: &[i16; HIDDEN],
    dst: &mut [i16; HIDDEN],
    add: &[i16; HIDDEN],
    sub1: &[i16; HIDDEN],
    sub2: &[i16; HIDDEN],
) {
    for i in 0..HIDDEN {
        dst[i] = src[i]
            .wrapping_add(add[i])
            .wrapping_sub(sub1[i])
            .wrapping_sub(sub2[i]);
    }
}

/// `Σ clamp(a, 0, QA)² · w`, as `(v · w) · v` with `v · w` in `i16` — exact for a trained
/// net, whose output weights are clipped to ±0.99 × `QB` = ±127 (255 × 127 < 2¹⁵), and the
/// multiply-add pattern (`pmullw` + `pmaddwd`) the compiler vectorises; summed in blocks of 64
/// lanes in `i32` (64 × 255 × 32 767 < 2³¹) and the blocks in `i64`. Weights outside that range
/// (a file not made by the trainer) give wrong values, never undefined behaviour.
#[inline]
fn screlu_dot(a: &[i16; HIDDEN], w: &[i16]) -> i64 {
    let mut total = 0i64;
    for (ca, cw) in a.chunks_exact(64).zip(w.chunks_exact(64)) {
        // Adjacent pairs summed into one `i32` lane: the shape of `pmaddwd`.
        let mut lanes = [0i32; 32];
        for (i, lane) in lanes.iter_mut().enumerate() {
            let v0 = ca[2 * i].clamp(0, QA as i16);
            let v1 = ca[2 * i + 1].clamp(0, QA as i16);
            let p0 = i32::from(v0.wrapping_mul(cw[2 * i])) * i32::from(v0);
            let p1 = i32::from(v1.wrapping_mul(cw[2 * i + 1])) * i32::from(v1);
            *lane = p0.wrapping_add(p1);
        }
        let s = lanes.iter().fold(0i32, |s, &x| s.wrapping_add(x));
        total += i64::from(s);
    }
    total
}

/// The first layer's output for both perspectives (index 0: Red's view, 1: Black's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// `HIDDEN` values per perspective.
    pub v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// An all-zero accumulator.
    #[must_use]
    pub fn zero() -> Accumulator {
        Accumulator {
            v: [[0; HIDDEN]; 2],
        }
    }
}
