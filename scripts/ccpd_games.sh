#!/usr/bin/env bash
# Decodes the CCPD's whole games into one UTF-8 PGN collection (Python reads Big5; the rules
# crate has no legacy decoders). Prints the collection's path. The Chinese Chess Practical
# Dataset is by Yu-Han Tseng, CC BY 4.0: never commit it; credit it in anything derived.
#
# Usage: scripts/ccpd_games.sh [WORK]  (default $CARGO_TARGET_DIR/ccpd or ./target/ccpd)
# Environment: CCPD (the archive, default /work/shared/data/ccpd/ccpd-shared.tar.xz).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WORK="${1:-$TARGET/ccpd}"
CCPD="${CCPD:-/work/shared/data/ccpd/ccpd-shared.tar.xz}"
mkdir -p "$WORK"
[ -d "$WORK/Dataset" ] || tar xJf "$CCPD" -C "$WORK"
if [ ! -s "$WORK/games.pgn" ]; then
# Whole games only (master and computer games, tactics); not the opening, middle-game or
# endgame fragments.
python3 - "$WORK/Dataset" "$WORK/games.pgn" <<'PY'
import os, sys
root, out = sys.argv[1], sys.argv[2]
n = 0
with open(out + ".tmp", "w", encoding="utf-8") as f:
    for top in ("對局", "全盤戰術"):
        for dirpath, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
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
os.replace(out + ".tmp", out)
print(f"{n} files decoded into {out}", file=sys.stderr)
PY
fi
echo "$WORK/games.pgn"
