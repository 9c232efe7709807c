#!/usr/bin/env bash
# Match: Chuhe (over UCI with UCI_Variant xiangqi, ranks 1–10, as Fairy-Stockfish) against
# Debian's fairy-stockfish, refereed by /work/shared/tools/match.py (pyffish). Every opening is
# played twice, colours swapped (a pair); both engines get the same limit, one thread and the
# same hash. With JOBS > 1 the games are split into JOBS matches run at once, each on its own
# slice of the openings (one game per core: JOBS at most the free cores). At the end
# scripts/match_summary.py prints W/D/L, the Elo difference with its 95 % error from the pairs
# (pentanomial) and an SPRT verdict for [ELO0, ELO1].
#
# Both engines get the same command for a fixed time per move (`go movetime`); over UCCI, which
# has no movetime, Chuhe would be sent `go time T movestogo 1` and treat it as the last move of a
# clock stage (a larger lag reserve).
#
# Needs: pip install pyffish==0.0.90; apt-get install -y fairy-stockfish (/usr/games/fairy-stockfish).
# Usage: scripts/match_fsf.sh [GAMES] [MOVETIME_MS] [extra match.py args...]
#   GAMES defaults to 10, MOVETIME_MS to 100. Environment: CHUHE (an engine binary that takes an
#   `engine` argument: `chuhe`, or `chuhe-tune` from `cargo build --release -p engine`; default
#   target/release/chuhe under $CARGO_TARGET_DIR or ./target), FSF (fairy-stockfish path),
#   MATCH_PY (referee script), LEVEL (Chuhe level, default 10), EVALFILE (a network file for
#   Chuhe's EvalFile option; default: the built-in evaluation), HASH (MiB, both engines, default
#   16), OUT (output folder), TC (a clock such as 10+0.1 — base seconds + increment — instead of
#   a fixed time per move), JOBS (matches at once, default 1), ELO0/ELO1 (SPRT bounds, default
#   0/10; for issue #37's 75 % target try 150/200), OPENINGS (one opening per line, `#` lines
#   ignored; default scripts/openings-ccpd.txt: 2,605 eight-ply lines from master games, or
#   scripts/openings.txt, 80 two-ply lines, when that is absent).
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
HASH="${HASH:-16}"
JOBS="${JOBS:-1}"
ELO0="${ELO0:-0}"
ELO1="${ELO1:-10}"
OUT="${OUT:-$TARGET/match-fsf}"
if [ -z "${OPENINGS:-}" ]; then
    OPENINGS="$ROOT/scripts/openings-ccpd.txt"
    [ -f "$OPENINGS" ] || OPENINGS="$ROOT/scripts/openings.txt"
fi

if [ ! -x "$CHUHE" ]; then
    echo "building chuhe (release)..." >&2
    (cd "$ROOT" && cargo build --release -p chuhe >&2)
fi
[ -x "$FSF" ] || { echo "fairy-stockfish not found (apt-get install -y fairy-stockfish)" >&2; exit 1; }
python3 -c "import pyffish" 2>/dev/null || { echo "pyffish missing (pip install pyffish==0.0.90)" >&2; exit 1; }

if [ -n "${TC:-}" ]; then LIMIT=(--tc "$TC"); else LIMIT=(--movetime "$MOVETIME"); fi
CHUHE_OPTS=(option.Hash="$HASH" option.Threads=1 option.Level="$LEVEL")
[ -n "${EVALFILE:-}" ] && CHUHE_OPTS+=(option.EvalFile="$(realpath "$EVALFILE")")

mkdir -p "$OUT"
grep -v '^#' "$OPENINGS" | grep -v '^[[:space:]]*$' > "$OUT/openings.all"
# Games per match: an even number, so that every opening is played with both colours.
PER=$(( (GAMES + JOBS - 1) / JOBS ))
PER=$(( PER + PER % 2 ))
dirs=()
pids=()
for j in $(seq 0 $((JOBS - 1))); do
    dir="$OUT/part$j"
    mkdir -p "$dir"
    # This match's openings: every JOBS-th line, as many as it has pairs (match.py checks each
    # line's legality at the start, so a long list costs time).
    awk -v j="$j" -v n="$JOBS" -v k="$((PER / 2))" '(NR - 1) % n == j && c++ < k' \
        "$OUT/openings.all" > "$dir/openings.txt"
    python3 "$MATCH_PY" --games "$PER" "${LIMIT[@]}" --openings "$dir/openings.txt" --out "$dir" "$@" \
        --engine name=chuhe proto=uci cmd="$CHUHE engine" "${CHUHE_OPTS[@]}" \
        --engine name=fsf cmd="$FSF" option.Threads=1 option.Hash="$HASH" > "$dir/match.log" 2>&1 &
    pids+=($!)
    dirs+=("$dir")
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
[ "$status" -eq 0 ] || echo "a match failed: see $OUT/part*/match.log" >&2
for d in "${dirs[@]}"; do tail -n 1 "$d/match.log"; done
python3 "$ROOT/scripts/match_summary.py" --engine chuhe --elo0 "$ELO0" --elo1 "$ELO1" "${dirs[@]}" | tee "$OUT/summary.txt"
exit "$status"
