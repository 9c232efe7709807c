#!/bin/sh
# Unpacks CCPD (once, to $CCPD_DIR or /tmp/ccpd) and runs the tests that read it: every file
# converts from its raw bytes (crates/study/tests/ccpd.rs) and ECCO agrees with the master tags
# (crates/study/tests/ecco_ccpd.rs). About 2–3 minutes on two cores.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${CCPD_DIR:-/tmp/ccpd/Dataset}
if [ ! -d "$dest" ]; then
    mkdir -p "$(dirname "$dest")"
    tar xJf "$root/../shared/data/ccpd/ccpd-shared.tar.xz" -C "$(dirname "$dest")"
fi
cd "$root"
CCPD_DIR=$dest cargo test --release -p study --test ccpd --test ecco_ccpd -- --nocapture
