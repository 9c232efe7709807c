#!/usr/bin/env bash
# Trains the evaluation network on the CPU (issue #37): `chuhe-nnue train` under `nice -n 19`,
# the log in OUT.log. DATA may list several files separated by commas. The quantised network is
# saved to OUT after every epoch, so an interrupted run leaves a usable file.
#
# Usage: scripts/nnue_train.sh DATA OUT [extra train args: --epochs E --batch B --lr L
#        --lr-decay D --lambda W --threads T --valid F --seed S]
set -euo pipefail
DATA="${1:?usage: $0 DATA OUT [train args]}"
OUT="${2:?}"
shift 2
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
nice -n 19 "$BIN" train --data "$DATA" --out "$OUT" "$@" 2>&1 | tee "$OUT.log"
