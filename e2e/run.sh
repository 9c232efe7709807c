#!/usr/bin/env bash
# Browser tests of the web client: builds `chuhe`, starts `chuhe serve` on a free port with a
# temporary data folder (and a second, fresh site with the default rating profile for
# freshsite.test.mjs), runs the unit tests and the headless-Chromium tests with node's test
# runner, and stops the servers. Screenshots go to target/e2e/. Called by .ci/run.
#
# Needs: node >= 18, Debian `chromium` (+ `fonts-wqy-zenhei`), and `npm ci` in e2e/ (done here
# when node_modules is missing). CHROMIUM overrides /usr/bin/chromium.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
# Every module of the client parses (a syntax error in one breaks every page that imports it).
for f in $(find web/js -name '*.js'); do
  node --experimental-default-type=module --check "$f" || { echo "syntax error in $f"; exit 1; }
done
cargo build --bin chuhe
bin="$target/debug/chuhe"
[ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund)
mkdir -p target/e2e
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
data="$(mktemp -d)"
log="target/e2e/server.log"
"$bin" serve --config e2e/chuhe-e2e.toml --listen "127.0.0.1:$port" --data "$data" >"$log" 2>&1 &
server=$!
# A second, fresh site with the default `ourgame` profile (its provisional period):
# e2e/browser/freshsite.test.mjs.
fresh_port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
fresh_data="$(mktemp -d)"
fresh_log="target/e2e/server-fresh.log"
"$bin" serve --config e2e/chuhe-e2e-fresh.toml --listen "127.0.0.1:$fresh_port" --data "$fresh_data" >"$fresh_log" 2>&1 &
fresh=$!
cleanup() {
  kill "$server" "$fresh" 2>/dev/null || true
  wait "$server" "$fresh" 2>/dev/null || true
  rm -rf "$data" "$fresh_data"
}
trap cleanup EXIT
for p in "$port:$server:$log" "$fresh_port:$fresh:$fresh_log"; do
  IFS=: read -r at pid plog <<<"$p"
  for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$at/healthz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then echo "chuhe serve exited:"; cat "$plog"; exit 1; fi
    sleep 0.2
  done
done
export CHUHE_URL="http://127.0.0.1:$port"
export CHUHE_FRESH_URL="http://127.0.0.1:$fresh_port"
# For tests that change data with the admin CLI while the server runs (titles, grants).
export CHUHE_BIN="$bin" CHUHE_DATA="$data" CHUHE_CONFIG="$root/e2e/chuhe-e2e.toml"
export CHUHE_SHOTS="$root/target/e2e"
# Arguments pick test files (e.g. e2e/browser/phone.test.mjs); none: every unit and browser test.
if [ $# -gt 0 ]; then node --test --test-concurrency=1 "$@"; else node --test --test-concurrency=1 e2e/unit/ e2e/browser/; fi
