#!/usr/bin/env bash
# Master-game positions for the network's training data (issue #37): the CCPD's whole games
# (scripts/ccpd_games.sh; CC BY 4.0, Yu-Han Tseng — never commit the data) → `FEN | result`
# lines (Red's result) with `chuhe-nnue positions`, each position once. Label them afterwards
# with scripts/nnue_label.sh.
#
# Usage: scripts/nnue_master_positions.sh OUT [SKIP] [EVERY]
#   OUT    output file (`FEN | result` lines)
#   SKIP   plies skipped at the start of each game (default 10)
#   EVERY  keep every EVERY-th position after that (default 2)
# Environment: WORK (scratch folder for the decoded games), CCPD, CHUHE_NNUE (binary).
# Measured: 42,419 games → 831,038 positions (SKIP 10, EVERY 2) in about 20 s.
set -euo pipefail
OUT="${1:?usage: $0 OUT [SKIP] [EVERY]}"
SKIP="${2:-10}"
EVERY="${3:-2}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
PGN="$("$ROOT/scripts/ccpd_games.sh" ${WORK:+"$WORK"})"
nice -n 19 "$BIN" positions --pgn "$PGN" --out "$OUT" --skip "$SKIP" --every "$EVERY"
