#!/usr/bin/env bash
# Elo ladder of Chuhe's difficulty levels: level N+1 against level N for N = FROM..9 (both over
# UCCI, refereed by /work/shared/tools/match.py with pyffish), then the chained Elo of every level
# relative to level 10, with 95 % error bars added in quadrature along the chain.
#
# Usage: scripts/level_ladder.sh [GAMES] [MOVETIME_MS] [FROM] [TO]
#   GAMES per pair (default 20), MOVETIME_MS per move (default 100), FROM lowest level (default 1);
#   only the pairs up to level TO are played (default 10), so that two parts of the ladder can run
#   at once with the same OUT; the summary reads every pair found in OUT (TO = FROM: summary only).
# Environment: CHUHE (chuhe binary), MATCH_PY, OUT (default $TARGET/level-ladder),
#   OPENINGS (default scripts/openings.txt).
# Levels 1–8 stop at their node caps long before 100 ms, so their games do not depend on the
# machine's load; levels 9–10 use the time.
set -euo pipefail

GAMES="${1:-20}"
MOVETIME="${2:-100}"
FROM="${3:-1}"
TO="${4:-10}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
CHUHE="${CHUHE:-$TARGET/release/chuhe}"
MATCH_PY="${MATCH_PY:-/work/shared/tools/match.py}"
OUT="${OUT:-$TARGET/level-ladder}"
OPENINGS="${OPENINGS:-$ROOT/scripts/openings.txt}"

[ -x "$CHUHE" ] || (cd "$ROOT" && cargo build --release -p chuhe >&2)
python3 -c "import pyffish" 2>/dev/null || { echo "pyffish missing (pip install pyffish)" >&2; exit 1; }

for (( low = FROM; low < TO; low++ )); do
    high=$(( low + 1 ))
    dir="$OUT/$high-vs-$low"
    python3 "$MATCH_PY" --games "$GAMES" --movetime "$MOVETIME" --openings "$OPENINGS" \
        --out "$dir" --engine name="level$high" proto=ucci cmd="$CHUHE engine" \
        option.usemillisec=true option.hashsize=16 option.level="$high" \
        --engine name="level$low" proto=ucci cmd="$CHUHE engine" \
        option.usemillisec=true option.hashsize=16 option.level="$low" | tail -1
done

python3 - "$OUT" "$FROM" <<'PY'
import json, math, os, sys
out, lowest = sys.argv[1], int(sys.argv[2])
rows, elo, var = [], 0.0, 0.0
print("level  Elo vs level 10  (95 %)   step: games +W =D -L  score")
for high in range(10, lowest, -1):
    low = high - 1
    path = os.path.join(out, f"{high}-vs-{low}", "summary.json")
    if not os.path.exists(path):
        print(f"(no result for {high} vs {low} yet: the chain stops here)")
        break
    s = json.load(open(path))
    n = s["games"]
    score = s["score"]
    bound = ""
    if s["elo"] is None:
        # 0 % or 100 %: use half a game as the bound, as a lower bound on the gap.
        adj = (n - 0.5) / n if score > 0.5 else 0.5 / n
        step, err = -400 * math.log10(1 / adj - 1), float("nan")
        bound = " (at least)"
    else:
        step, err = s["elo"], s["elo_err95"]
    elo -= step
    if not math.isnan(err):
        var += err * err
    print(f"{low:>5}  {elo:+8.0f}{bound:<11} ±{math.sqrt(var):4.0f}   "
          f"{high} vs {low}: {n} games +{s['w']} ={s['d']} -{s['l']}  {100*score:.1f}%")
PY
