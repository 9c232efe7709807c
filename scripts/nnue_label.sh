#!/usr/bin/env bash
# Scores positions with our own search for the evaluation network (issue #37): splits IN
# (`FEN [| …] | result` lines, e.g. from scripts/nnue_master_positions.sh) into JOBS parts, runs
# `chuhe-nnue label` on each at NODES nodes a position under `nice -n 19`, and concatenates the
# quiet ones (not in check, best move not a capture, no mate score) into OUT as
# `FEN | score | result` (Red's view).
#
# Usage: scripts/nnue_label.sh IN OUT NODES [JOBS] [-- extra label args, e.g. --net NET]
set -euo pipefail
IN="${1:?usage: $0 IN OUT NODES [JOBS] [-- label args]}"
OUT="${2:?}"
NODES="${3:?}"
JOBS="${4:-1}"
shift $(( $# > 4 ? 4 : $# ))
[ "${1:-}" = "--" ] && shift
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
PARTS="$OUT.parts"
mkdir -p "$PARTS"
split -n "l/$JOBS" -d -a 3 "$IN" "$PARTS/in."
pids=()
for f in "$PARTS"/in.*; do
    k="${f##*.}"
    nice -n 19 "$BIN" label --in "$f" --out "$PARTS/out.$k" --nodes "$NODES" "$@" \
        2> "$PARTS/log.$k" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
cat "$PARTS"/out.* > "$OUT"
echo "$(wc -l < "$OUT") labelled positions in $OUT" >&2
