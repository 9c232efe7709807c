#!/bin/sh
# Rebuilds crates/study/data/ecco_rules.txt from CCPD (needs python3 with scikit-learn) and
# prints the held-out agreement; rewrites crates/study/data/ecco_names.tsv from CCPD too
# (scripts/ecco_names.py).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${CCPD_DIR:-/tmp/ccpd/Dataset}
[ -d "$dest" ] || { mkdir -p "$(dirname "$dest")"; tar xJf "$root/../shared/data/ccpd/ccpd-shared.tar.xz" -C "$(dirname "$dest")"; }
cd "$root"
cargo run --release -p study --example ccpd_dump -- "$dest" > /tmp/ccpd_dump.tsv
python3 scripts/ecco_train.py /tmp/ccpd_dump.tsv --out crates/study/data/ecco_rules.txt
python3 scripts/ecco_train.py /tmp/ccpd_dump.tsv --cv 5
python3 scripts/ecco_names.py "$dest" > crates/study/data/ecco_names.tsv
