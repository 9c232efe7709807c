#!/usr/bin/env bash
# The match openings (scripts/openings-ccpd.txt): the first PLIES plies of the CCPD master games
# from the standard start that at least MIN games share, the MAX most played, in
# Fairy-Stockfish coordinates for match.py. Derived from the Chinese Chess Practical Dataset by
# Yu-Han Tseng (CC BY 4.0); the file's header says so.
#
# Usage: scripts/make_openings.sh [OUT] [PLIES] [MIN] [MAX]
#   defaults: scripts/openings-ccpd.txt, 8, 2, 3000. Environment: WORK, CCPD, CHUHE_NNUE.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/scripts/openings-ccpd.txt}"
PLIES="${2:-8}"
MIN="${3:-2}"
MAX="${4:-3000}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
PGN="$("$ROOT/scripts/ccpd_games.sh" ${WORK:+"$WORK"})"
"$BIN" openings --pgn "$PGN" --out "$OUT" --plies "$PLIES" --min-games "$MIN" --max "$MAX"
