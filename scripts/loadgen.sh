#!/usr/bin/env bash
# Builds tengen and the load generator, starts a fresh `tengen serve` on a temporary database and
# a free port, runs one loadgen scenario against it and prints the report, followed by the
# server's memory (VmRSS sampled every 0.2 s, and the kernel's VmHWM) and CPU over the whole run.
#
#   scripts/loadgen.sh --games 1000 --rate 5000 --duration 60     # play scenario
#   scripts/loadgen.sh --idle 10000 --duration 60                 # idle connected clients
#
# Every argument goes to loadgen (`loadgen --help`). Environment: BUILD_DIR (default build),
# SERVER_THREADS (tengen serve --threads, default 2), ROOM_THREADS (--room-threads, default 2), JOBS (build parallelism, default 2),
# SKIP_BUILD=1 runs the binaries already built (repeated runs), NICE=-10 runs server and loadgen
# at a higher priority (root only) to measure them apart from other work on a busy machine,
# DB_DIR=/dev/shm puts the database on tmpfs (fsync free: shows what the disk costs), KEEP_DB=1 keeps the temporary directory with the database and the server's log.
# DB=postgres runs the server on PostgreSQL instead of SQLite: a fresh durable server
# (scripts/postgres.sh, fsync on) in the temporary directory, stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" --target tengen loadgen --parallel "${JOBS:-2}" >/dev/null
fi

# 10,000 sockets on each side need more than the usual 1024 descriptors.
ulimit -n "$(ulimit -Hn)"
tmp=$(mktemp -d "${DB_DIR:-/tmp}/tengen-loadgen.XXXXXX")
server_pid=""
sampler_pid=""
cleanup() {
  [[ -n $sampler_pid ]] && kill "$sampler_pid" 2>/dev/null || true
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  if [[ ${KEEP_DB:-0} == 1 ]]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

db="$tmp/tengen.db"
if [[ ${DB:-sqlite} == postgres ]]; then
  # Under /tmp, not $tmp: the server runs as the postgres user under root, who may not reach
  # into a private directory, and a Unix socket path must stay short.
  pg_dir=$(mktemp -d /tmp/tengen-loadgen-pg.XXXXXX)
  chmod 755 "$pg_dir"
  db=$(FSYNC=on scripts/postgres.sh start "$pg_dir/pg" 5433)
  trap 'cleanup; scripts/postgres.sh stop "$pg_dir/pg"; rm -rf "$pg_dir"' EXIT
fi

nice -n "${NICE:-0}" "$build/src/cli/tengen" serve --port 0 --db "$db" --web-root web \
  --threads "${SERVER_THREADS:-2}" --room-threads "${ROOM_THREADS:-2}" >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://[0-9.]*:[0-9]*' "$tmp/server.out" 2>/dev/null | head -1 || true)
  [[ -n $url ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
  sleep 0.1
done
[[ -n $url ]] || { echo "the server did not report its URL" >&2; exit 1; }

# Independent of loadgen's own sampling: the peak resident size seen from outside.
(
  peak=0
  while kill -0 "$server_pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null || echo 0)
    ((rss > peak)) && peak=$rss && echo "$peak" >"$tmp/peak_rss_kb"
    sleep 0.2
  done
) &
sampler_pid=$!

cpu_ticks() { awk '{sub(/.*\) /, ""); print $12 + $13}' "/proc/$server_pid/stat"; }
ticks_before=$(cpu_ticks)
started=$(date +%s.%N)
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), nice ${NICE:-0}, server $url (pid $server_pid, ${SERVER_THREADS:-2} threads), db $db"
set +e
nice -n "${NICE:-0}" "$build/bench/loadgen" --url "$url" --server-pid "$server_pid" "$@"
status=$?
set -e
ticks_after=$(cpu_ticks)
elapsed=$(echo "$(date +%s.%N) - $started" | bc)
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
peak=$(cat "$tmp/peak_rss_kb" 2>/dev/null || echo 0)
awk -v hwm="$hwm" -v peak="$peak" -v ticks=$((ticks_after - ticks_before)) \
  -v hz="$(getconf CLK_TCK)" -v elapsed="$elapsed" 'BEGIN {
  printf "server, whole run (setup included): VmHWM %.1f MiB, peak sampled VmRSS %.1f MiB, CPU %.1f s in %.1f s (%.0f%% of one core)\n",
    hwm / 1024, peak / 1024, ticks / hz, elapsed, 100 * ticks / hz / elapsed }'
warnings=$(grep -c 'level=\(warn\|error\)' "$tmp/server.log" || true)
echo "server log: $(wc -l <"$tmp/server.log") lines, $warnings warnings or errors"
grep -m 5 'level=\(warn\|error\)' "$tmp/server.log" || true
exit "$status"
