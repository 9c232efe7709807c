#!/usr/bin/env bash
# Short match: Chuhe (over UCI with UCI_Variant xiangqi, ranks 1–10, as Fairy-Stockfish) against Debian's fairy-stockfish, refereed
# by /work/shared/tools/match.py (pyffish). Prints the Elo difference with its 95% error bar.
# Both engines get the same command for a fixed time per move (`go movetime`); over UCCI, which
# has no movetime, Chuhe would be sent `go time T movestogo 1` and treat it as the last move of a
# clock stage (a larger lag reserve).
#
# Needs: pip install pyffish; apt-get install -y fairy-stockfish (installs /usr/games/fairy-stockfish).
# Usage: scripts/match_fsf.sh [GAMES] [MOVETIME_MS] [extra match.py args...]
#   GAMES defaults to 10, MOVETIME_MS to 100. Environment: CHUHE (path of the chuhe binary,
#   default target/release/chuhe under $CARGO_TARGET_DIR or ./target), FSF (fairy-stockfish path),
#   MATCH_PY (referee script), LEVEL (Chuhe level, default 10), OUT (output folder),
#   TC (a clock such as 10+0.1 — base seconds + increment — instead of a fixed time per move),
#   OPENINGS (one opening per line; default scripts/openings.txt: 80 standard two-ply openings,
#   each played with colours swapped).
set -euo pipefail

GAMES="${1:-10}"
MOVETIME="${2:-100}"
shift $(( $# > 2 ? 2 : $# ))
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
CHUHE="${CHUHE:-$TARGET/release/chuhe}"
FSF="${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
MATCH_PY="${MATCH_PY:-/work/shared/tools/match.py}"
LEVEL="${LEVEL:-10}"
OUT="${OUT:-$TARGET/match-fsf}"
OPENINGS="${OPENINGS:-$ROOT/scripts/openings.txt}"

if [ ! -x "$CHUHE" ]; then
    echo "building chuhe (release)..." >&2
    (cd "$ROOT" && cargo build --release -p chuhe >&2)
fi
[ -x "$FSF" ] || { echo "fairy-stockfish not found (apt-get install -y fairy-stockfish)" >&2; exit 1; }
python3 -c "import pyffish" 2>/dev/null || { echo "pyffish missing (pip install pyffish)" >&2; exit 1; }

if [ -n "${TC:-}" ]; then LIMIT=(--tc "$TC"); else LIMIT=(--movetime "$MOVETIME"); fi

python3 "$MATCH_PY" --games "$GAMES" "${LIMIT[@]}" --openings "$OPENINGS" --out "$OUT" "$@" \
    --engine name=chuhe proto=uci cmd="$CHUHE engine" option.Hash=64 option.Threads=1 option.Level="$LEVEL" \
    --engine name=fsf cmd="$FSF" option.Threads=1 option.Hash=64
