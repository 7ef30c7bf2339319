#!/usr/bin/env bash
# Builds tengen and the load generator, starts a fresh `tengen serve` on a temporary database and
# a free port, runs one loadgen scenario against it and prints the report, followed by the
# server's memory (VmRSS sampled every 0.2 s, and the kernel's VmHWM) and CPU over the whole run.
#
#   scripts/loadgen.sh --games 1000 --rate 5000 --duration 60     # play scenario
#   scripts/loadgen.sh --idle 10000 --duration 60                 # idle connected clients
#
# Every argument goes to loadgen (`loadgen --help`). Environment: BUILD_DIR (default build),
# SERVER_THREADS (tengen serve --threads, default 0: the sockets on the room threads), ROOM_THREADS (--room-threads, default 2), JOBS (build parallelism, default 2),
# SKIP_BUILD=1 runs the binaries already built (repeated runs), NICE=-10 runs server and loadgen
# at a higher priority (root only) to measure them apart from other work on a busy machine,
# DB_DIR=/dev/shm puts the database on tmpfs (fsync free: shows what the disk costs), KEEP_DB=1 keeps the temporary directory with the database and the server's log.
# DB=postgres runs the server on PostgreSQL instead of SQLite: a fresh durable server
# (scripts/postgres.sh, fsync on) in the temporary directory, stopped at the end.
# DB=cluster runs NODES (default 2) nodes with scripts/cluster.sh (PostgreSQL with fsync on,
# Redis, HAProxy) in the temporary directory and plays through HAProxy on CLUSTER_PORT (default
# 18080); with SPLIT=1 each game's creator connects to node 1 and its joiner to node 2, so every
# game is owned by node 1 and every joiner move is forwarded (loadgen --joiner-url). The CPU
# lines then cover each part: the nodes, PostgreSQL, Redis and HAProxy.
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

# Thousands of guests come from one address: no guest limit for the run.
serve_options=(--threads "${SERVER_THREADS:-0}" --room-threads "${ROOM_THREADS:-2}" --guest-burst 0)
# Every process the run puts load on, by part, for the CPU lines at the end.
declare -A parts=()
loadgen_args=()
if [[ ${DB:-sqlite} == cluster ]]; then
  cluster_port=${CLUSTER_PORT:-18080}
  cluster() {
    CLUSTER_DIR="$tmp/cluster" PORT=$cluster_port BUILD_DIR=$build SKIP_BUILD=1 scripts/cluster.sh "$@"
  }
  trap 'cluster purge >/dev/null; cleanup' EXIT
  cluster start "${NODES:-2}" "${serve_options[@]}" >"$tmp/cluster.out" ||
    { cat "$tmp/cluster.out" >&2; exit 1; }
  db=$(cluster db)
  server_pid=$(cat "$tmp/cluster/node1.pid")
  url=http://127.0.0.1:$cluster_port
  parts[nodes]=$(cat "$tmp"/cluster/node*.pid | tr '\n' ' ')
  parts[redis]=$(cat "$tmp/cluster/redis.pid")
  parts[haproxy]=$(cat "$tmp/cluster/haproxy.pid")
  if [[ ${SPLIT:-0} == 1 ]]; then
    url=http://127.0.0.1:$((cluster_port + 1))
    loadgen_args=(--joiner-url "http://127.0.0.1:$((cluster_port + 2))")
  fi
else
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
    "${serve_options[@]}" >"$tmp/server.out" 2>"$tmp/server.log" &
  server_pid=$!
  url=""
  for _ in $(seq 1 100); do
    url=$(grep -o 'http://[0-9.]*:[0-9]*' "$tmp/server.out" 2>/dev/null | head -1 || true)
    [[ -n $url ]] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
    sleep 0.1
  done
  [[ -n $url ]] || { echo "the server did not report its URL" >&2; exit 1; }
  parts[server]=$server_pid
fi
if [[ $db == postgresql://* ]]; then
  # The postmaster and its children (one backend per pooled connection, the writers).
  pg_socket_dir=$(echo "$db" | sed -n 's/.*host=\([^&]*\).*/\1/p')
  postmaster=$(head -n 1 "$pg_socket_dir/data/postmaster.pid" 2>/dev/null || true)
  [[ -n $postmaster ]] && parts[postgres]="$postmaster $(pgrep -P "$postmaster" | tr '\n' ' ')"
fi

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

# Each part's CPU inside the measuring window, reported by loadgen.
cpu_of=()
for part in $(printf '%s\n' "${!parts[@]}" | sort); do
  pids=$(echo "${parts[$part]}" | xargs | tr ' ' ',')
  cpu_of+=(--cpu-of "$part=$pids")
done
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), nice ${NICE:-0}, server $url (pid $server_pid, ${SERVER_THREADS:-0} I/O and ${ROOM_THREADS:-2} room threads), db $db"
set +e
nice -n "${NICE:-0}" "$build/bench/loadgen" --url "$url" --server-pid "$server_pid" \
  "${cpu_of[@]}" "${loadgen_args[@]}" "$@"
status=$?
set -e
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
peak=$(cat "$tmp/peak_rss_kb" 2>/dev/null || echo 0)
awk -v hwm="$hwm" -v peak="$peak" 'BEGIN {
  printf "server (node 1 in a cluster), whole run: VmHWM %.1f MiB, peak sampled VmRSS %.1f MiB\n",
    hwm / 1024, peak / 1024 }'
logs=("$tmp"/server.log "$tmp"/cluster/node*.log)
warnings=$(cat "${logs[@]}" 2>/dev/null | grep -c 'level=\(warn\|error\)' || true)
echo "server log: $(cat "${logs[@]}" 2>/dev/null | wc -l) lines, $warnings warnings or errors"
cat "${logs[@]}" 2>/dev/null | grep -m 5 'level=\(warn\|error\)' || true
exit "$status"
