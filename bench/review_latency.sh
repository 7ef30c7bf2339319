#!/usr/bin/env bash
# Live-move latency while engine reviews run (docs/performance.md, "Engine review"): starts a
# fresh `tengen serve` on a temporary SQLite file, plays 19x19 games to their resignation at move
# 100 so that there are finished games, queues reviews of 8 of them (scripts/review_load.mjs),
# then measures live moves with the load generator RUNS times and prints each run's line.
#
#   bench/review_latency.sh TENGEN LOADGEN [RUNS]     # e.g. build/src/cli/tengen build/bench/loadgen 3
#   REVIEWS=0 bench/review_latency.sh …                 # the same, no review queued: the baseline
#
# Run it once with a binary that does not step aside and once with one that does, on the same
# machine, to compare (the machine's load average is printed: a shared machine moves the tail).
set -euo pipefail
cd "$(dirname "$0")/.."
tengen=$1
loadgen=$2
runs=${3:-3}
tmp=$(mktemp -d /tmp/tengen-review-latency.XXXXXX)
server=""
cleanup() {
  if [[ -n $server ]] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server"
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
"$tengen" serve --port 0 --db "$tmp/tengen.db" --web-root web --threads 2 --room-threads 2 \
  --guest-burst 0 >"$tmp/server.out" 2>"$tmp/server.log" &
server=$!
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://[0-9.]*:[0-9]*' "$tmp/server.out" 2>/dev/null | head -1 || true)
  [[ -n $url ]] && break
  sleep 0.1
done
[[ -n $url ]] || { cat "$tmp/server.log" >&2; exit 1; }
# Finished games to review: 10 at a time, each resigned at move 100.
"$loadgen" --url "$url" --games 10 --rate 100 --duration 15 --warmup 0 --size 19 \
  --moves-per-game 100 --seed 7 >/dev/null
reviews=${REVIEWS:-8}
if (( reviews > 0 )); then node --experimental-websocket scripts/review_load.mjs "$url" "$reviews"; fi
# The reviewer's thread is the one in class IDL (SCHED_IDLE): its CPU time says how much the
# reviews took while the live games played.
reviewer_cpu() { ps -L -o cls=,time= -p "$server" | awk '$1 == "IDL" { print $2 }'; }
echo "reviewer CPU before the runs: $(reviewer_cpu)"
for run in $(seq 1 "$runs"); do
  echo "run $run: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  "$loadgen" --url "$url" --games 40 --rate 100 --duration 20 --warmup 3 --size 19 \
    --moves-per-game 100 --seed "$run" | grep -E 'moves\): p50|errors' || true
done
echo "reviewer CPU after the runs: $(reviewer_cpu)"
echo "reviews finished during the runs: $(grep -c 'engine_review_done' "$tmp/server.log" || true)"
grep 'engine_review_done' "$tmp/server.log" | head -3 || true
