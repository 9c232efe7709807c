#!/usr/bin/env bash
# Checks a network file (issue #37): loads it (a clear error if it is missing or damaged), prints
# its checksum, its evaluations of the bench positions beside the hand-written ones, verifies
# incremental = full evaluation on random games, and (with DATA) its mean error against the
# data's scores; then `bench` with and without it, alternating ROUNDS times (node speed; the
# network's full and incremental evaluation speed).
#
# Usage: scripts/nnue_check.sh NET [DATA] [ROUNDS]
set -euo pipefail
NET="${1:?usage: $0 NET [DATA] [ROUNDS]}"
DATA="${2:-}"
ROUNDS="${3:-3}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
if [ -n "$DATA" ]; then "$BIN" check --net "$NET" --data "$DATA"; else "$BIN" check --net "$NET"; fi
for i in $(seq "$ROUNDS"); do
    echo "classical: $("$BIN" bench | tr '\n' ' ')"
    echo "network:   $("$BIN" bench --net "$NET" 2>/dev/null | tr '\n' ' ')"
done
