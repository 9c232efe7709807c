#!/bin/bash
# Incremental debug build of `chuhe` after a one-line code change (a constant in the table actor;
# a route string in the edge), in two checkouts alternated run by run (docs/performance.md,
# "Building after a one-line change"). Each line is flipped an even number of times, so both
# trees end as they began.
# Usage: scripts/build_time.sh BASE_TREE SPLIT_TREE   (BASE: a checkout of 4ed7147, one server crate)
set -u
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/var/tmp/chuhe-target}"
B="$1"; S="$2"
build() { (cd $1 && /usr/bin/time -f %e cargo build -q -p chuhe 2>&1 | tail -1); }
flip() { # $1 file, $2 a, $3 b: swap a <-> b
  if grep -q "$2" "$1"; then sed -i "s|$2|$3|" "$1"; else sed -i "s|$3|$2|" "$1"; fi; }
for what in table edge; do
  if [ $what = table ]; then bf=$B/crates/server/src/table/actor.rs; sf=$S/crates/tables/src/table/actor.rs; a='const MAILBOX: usize = 1_024;'; b='const MAILBOX: usize = 1_025;'
  else bf=$B/crates/server/src/http/lobby.rs; sf=$S/crates/server/src/http/lobby.rs; a='"/api/lobby"'; b='"/api/lobby2"'; fi
  for run in 1 2 3 4; do
    flip $bf "$a" "$b"; t1=$(build $B)
    flip $sf "$a" "$b"; t2=$(build $S)
    echo "$what run $run: base $t1 s, split $t2 s"
  done
done
