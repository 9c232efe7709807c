#!/usr/bin/env bash
# Master-game positions for the network's training data (issue #37): unpacks the CCPD archive
# (CC BY 4.0, Yu-Han Tseng — attribution in docs/engine.md; never commit the data), decodes its
# Big5 PGN files to one UTF-8 collection, and writes `FEN | result` lines (Red's result) with
# `chuhe-nnue positions`. Label them afterwards with scripts/nnue_label.sh.
#
# Usage: scripts/nnue_master_positions.sh OUT [SKIP] [EVERY]
#   OUT    output file (`FEN | result` lines)
#   SKIP   plies skipped at the start of each game (default 10)
#   EVERY  keep every EVERY-th position after that (default 2)
# Environment: CCPD (the archive, default /work/shared/data/ccpd/ccpd-shared.tar.xz),
#   WORK (scratch folder, default $CARGO_TARGET_DIR/ccpd or ./target/ccpd), CHUHE_NNUE (binary).
set -euo pipefail
OUT="${1:?usage: $0 OUT [SKIP] [EVERY]}"
SKIP="${2:-10}"
EVERY="${3:-2}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
CCPD="${CCPD:-/work/shared/data/ccpd/ccpd-shared.tar.xz}"
WORK="${WORK:-$TARGET/ccpd}"
BIN="${CHUHE_NNUE:-$TARGET/release/chuhe-nnue}"
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p engine --bin chuhe-nnue >&2)
mkdir -p "$WORK"
[ -d "$WORK/Dataset" ] || tar xJf "$CCPD" -C "$WORK"
# Whole games only (master and computer games, tactics); not the opening, middle-game or
# endgame fragments.
python3 - "$WORK/Dataset" "$WORK/games.pgn" <<'PY'
import os, sys
root, out = sys.argv[1], sys.argv[2]
keep = ("對局", "全盤戰術")
n = 0
with open(out, "w", encoding="utf-8") as f:
    for top in keep:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.lower().endswith(".pgn"):
                    continue
                raw = open(os.path.join(dirpath, name), "rb").read()
                for enc in ("utf-8", "big5hkscs", "gb18030"):
                    try:
                        text = raw.decode(enc)
                        break
                    except UnicodeDecodeError:
                        continue
                else:
                    text = raw.decode("big5hkscs", errors="replace")
                f.write(text.replace("\r\n", "\n").strip() + "\n\n")
                n += 1
print(f"{n} files decoded into {out}", file=sys.stderr)
PY
nice -n 19 "$BIN" positions --pgn "$WORK/games.pgn" --out "$OUT" --skip "$SKIP" --every "$EVERY"
