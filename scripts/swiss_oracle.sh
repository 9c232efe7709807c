#!/usr/bin/env bash
# Compares our FIDE Dutch pairings with py4swiss's (which matches bbpPairings), round by round,
# on generated tournaments (sizes 4–63, byes, withdrawals, absences, late entries, forbidden
# pairs). Installs py4swiss from PyPI by name if it is missing. For CI.
#
# Usage: scripts/swiss_oracle.sh [COUNT [FIRST_SEED]]   (default 1000 tournaments from seed 1)
#        scripts/swiss_oracle.sh --large [COUNT [FIRST_SEED]]   (200–1,000 players, default 3;
#        py4swiss takes minutes per tournament, so not for CI)
set -euo pipefail
cd "$(dirname "$0")/.."
TEST=dutch_pairings_equal_py4swiss
DEFAULT=1000
if [ "${1:-}" = "--large" ]; then
    TEST=dutch_large_fields_equal_py4swiss
    DEFAULT=3
    shift
fi
COUNT="${1:-$DEFAULT}"
SEED="${2:-1}"
if ! python3 -c 'import py4swiss' 2>/dev/null; then
    python3 -m pip install --quiet py4swiss || python3 -m pip install --quiet --break-system-packages py4swiss
fi
SWISS_ORACLE_N="$COUNT" SWISS_ORACLE_SEED="$SEED" \
    cargo test --release -p platform --test tournament_swiss_oracle -- --ignored --exact "$TEST" --nocapture
