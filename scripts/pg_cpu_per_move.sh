#!/bin/bash
# Samples the CPU of PostgreSQL (every postgres process, the postmaster's reaped children
# included) and of the server over the minute from 90 s to 150 s of an 8,000-game load test
# against a fresh database chuhe_load_19777 on the local PostgreSQL (docs/performance.md,
# session 18). LOAD_CONFIG: raised per-address limits and a [metrics] token
# "loadtestloadtestloadtest" (the moves are read from /metrics).
BIN=${1:?usage: pg_cpu_per_move.sh CHUHE_BINARY LOAD_CONFIG}; CONFIG=${2:?usage: pg_cpu_per_move.sh CHUHE_BINARY LOAD_CONFIG}; P=19777; D=/tmp/loaddata-$P; rm -rf $D; mkdir -p $D
psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS chuhe_load_$P" -c "CREATE DATABASE chuhe_load_$P" >/dev/null 2>&1
$BIN serve --data $D --tables 8100 --config $CONFIG --listen 127.0.0.1:$P --database postgres://postgres@127.0.0.1:5432/chuhe_load_$P > $D/server.log 2>&1 &
SP=$!
for i in $(seq 1 600); do curl -sf http://127.0.0.1:$P/api/lobby >/dev/null && break; sleep 0.5; done
sleep 3
pgcpu() { # clock ticks: live postgres processes + the postmaster's reaped children
  local pm=$(head -1 /var/run/postgresql/*.pid 2>/dev/null || pgrep -o -x postgres)
  local live=$(for p in $(pgrep -x postgres); do awk '{print $14+$15}' /proc/$p/stat; done | paste -sd+ | bc)
  local reaped=$(awk '{print $16+$17}' /proc/$pm/stat)
  echo $((live + reaped))
}
srvcpu() { awk '{print $14+$15}' /proc/$SP/stat; }
moves() { curl -s -H "Authorization: Bearer loadtestloadtestloadtest" http://127.0.0.1:$P/metrics | awk '/^chuhe_moves_relayed_total/ {print $2}'; }
$BIN loadtest --addr 127.0.0.1:$P --games 8000 --plies 40 --think-ms 5000 --server-pid $SP > /tmp/pgcpu-load.log 2>&1 &
LP=$!
sleep 90
a_pg=$(pgcpu); a_srv=$(srvcpu); a_m=$(moves)
sleep 60
b_pg=$(pgcpu); b_srv=$(srvcpu); b_m=$(moves)
echo "moves $((b_m - a_m)) pg_ticks $((b_pg - a_pg)) server_ticks $((b_srv - a_srv)) (100 ticks = 1 s)"
wait $LP
grep -E "p99|per relayed|failed" /tmp/pgcpu-load.log
kill -INT $SP; wait $SP
