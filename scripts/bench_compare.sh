#!/usr/bin/env bash
# Compares the speed of `chuhe bench` between builds on a machine whose speed drifts: runs the
# binaries in turn, RUNS times each, and prints per binary the median, minimum and maximum
# nodes/s (and checks that all print the same node signature when they should).
#
# Usage: scripts/bench_compare.sh RUNS DEPTH BINARY...
#   e.g. scripts/bench_compare.sh 50 9 /tmp/chuhe-old target/release/chuhe
# Environment: RAW=FILE also writes every run as "binary nps" lines.
set -euo pipefail

RUNS="${1:?runs}"
DEPTH="${2:?depth}"
shift 2
[ $# -ge 1 ] || { echo "usage: $0 RUNS DEPTH BINARY..." >&2; exit 2; }
RAW="${RAW:-$(mktemp)}"
: > "$RAW"
for _ in $(seq "$RUNS"); do
    for bin in "$@"; do
        out="$("$bin" bench --depth "$DEPTH")"
        nodes="$(awk '/^nodes/{print $2}' <<<"$out")"
        nps="$(awk '/^nps/{print $2}' <<<"$out")"
        echo "$bin $nps $nodes" >> "$RAW"
    done
done
for bin in "$@"; do
    awk -v b="$bin" '$1 == b {print $2, $3}' "$RAW" | sort -n | awk -v b="$bin" '
        {v[NR] = $1; n = $2}
        END {printf "%s: signature %s, median %.2f M nodes/s (min %.2f, max %.2f, %d runs)\n",
             b, n, v[int((NR + 1) / 2)] / 1e6, v[1] / 1e6, v[NR] / 1e6, NR}'
done
