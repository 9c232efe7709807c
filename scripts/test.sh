#!/usr/bin/env bash
# Runs the whole Chuhe test suite: Rust tests (SQLite and PostgreSQL), the pyffish cross-check of
# the move generator, and the browser end-to-end tests. Installs what it needs on a fresh Debian
# machine (run as root or with sudo available). See README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

step() { printf '\n== %s ==\n' "$*"; }

# --- prerequisites ---------------------------------------------------------------------------
need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
[ -e /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc ] || need_apt+=(fonts-wqy-zenhei)
command -v node >/dev/null || need_apt+=(nodejs npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  step "installing ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
python3 -c "import pyffish" 2>/dev/null || {
  step "installing pyffish"
  python3 -m pip install --quiet pyffish 2>/dev/null || python3 -m pip install --quiet --break-system-packages pyffish
}

# --- PostgreSQL (the server tests run against it as well as SQLite) ----------------------------
PG_URL="${CHUHE_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
unset CHUHE_TEST_DATABASE_URL
if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  step "starting PostgreSQL"
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1; then
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# --- shape: no import circle in any crate, file by file and module by module (docs/architecture.md)
step "import circles"
python3 scripts/import_cycles.py crates/*/src
python3 scripts/import_cycles.py --modules crates/*/src

# --- Rust tests ------------------------------------------------------------------------------
step "cargo test (workspace; server tests on SQLite)"
cargo test --workspace --locked

step "server tests on PostgreSQL ($PG_URL)"
CHUHE_TEST_DATABASE_URL="$PG_URL" cargo test --locked -p server --test server
CHUHE_TEST_DATABASE_URL="$PG_URL" cargo test --locked -p chuhe --test restarts

# --- several nodes: PostgreSQL and NATS (the broker's conformance suite and the cluster test) ---
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
if ! (exec 3<>"/dev/tcp/127.0.0.1/4222") 2>/dev/null && command -v nats-server >/dev/null; then
  step "starting NATS"
  nats-server -js -a 127.0.0.1 -p 4222 >/dev/null 2>&1 &
  for _ in $(seq 1 30); do (exec 3<>"/dev/tcp/127.0.0.1/4222") 2>/dev/null && break; sleep 0.2; done
fi
step "broker and cluster tests (PostgreSQL, NATS at $NATS_URL)"
NATS_URL="$NATS_URL" cargo test --locked -p server --test server broker
CHUHE_TEST_DATABASE_URL="$PG_URL" NATS_URL="$NATS_URL" cargo test --locked -p chuhe --test cluster --test cluster_failover --test cluster_computer

# --- move generator against Fairy-Stockfish's rules --------------------------------------------
step "pyffish cross-check (10,000 positions)"
cargo build --release --locked -p chuhe
python3 scripts/crosscheck_pyffish.py "$CARGO_TARGET_DIR/release/chuhe" --positions 10000

# --- Swiss pairings against py4swiss (the full 1,000 tournaments: scripts/swiss_oracle.sh) -------
step "Swiss pairings against py4swiss (150 generated tournaments)"
scripts/swiss_oracle.sh 150

# --- browser end-to-end tests ------------------------------------------------------------------
if [ -x e2e/run.sh ]; then
  step "browser end-to-end tests"
  e2e/run.sh
fi

step "all tests passed"
