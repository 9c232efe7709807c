#!/usr/bin/env bash
# Self-play training data for the evaluation network (issue #37): JOBS processes of
# `chuhe-nnue gen`, each with its own seed, at NODES nodes a move, under `nice -n 19`; their
# outputs are concatenated into OUT (`FEN | score | result`, Red's view). The per-job files stay
# in OUT.parts/ (a rerun with other seeds can add to them).
#
# Usage: scripts/nnue_gen.sh GAMES NODES OUT [JOBS] [SEED] [-- extra gen args, e.g. --net NET]
#   GAMES per job; JOBS defaults to 1, SEED (of the first job) to 1.
# Measured (docs/engine.md, NNUE): about 380 positions/s per core at 2,000 nodes a move on the
# shared 2-core VM.
set -euo pipefail
GAMES="${1:?usage: $0 GAMES NODES OUT [JOBS] [SEED] [-- gen args]}"
NODES="${2:?}"
OUT="${3:?}"
JOBS="${4:-1}"
SEED="${5:-1}"
shift $(( $# > 5 ? 5 : $# ))
[ "${1:-}" = "--" ] && shift
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
mkdir -p "$OUT.parts"
pids=()
for j in $(seq 0 $((JOBS - 1))); do
    s=$((SEED + j))
    nice -n 19 "$BIN" gen --games "$GAMES" --nodes "$NODES" --seed "$s" \
        --out "$OUT.parts/seed$s.txt" "$@" 2> "$OUT.parts/seed$s.log" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
cat "$OUT.parts"/seed*.txt > "$OUT"
echo "$(wc -l < "$OUT") positions in $OUT" >&2
