#!/usr/bin/env bash
# Several tengen nodes on this machine behind one address (docs/scaling.md): PostgreSQL (the
# games, durable), Redis (messages between the nodes), HAProxy (the one address, which spreads
# the clients over the nodes and stops sending to one that fails its health check) and N tengen
# nodes, all from Debian's packages.
#
#   scripts/cluster.sh start [N]     installs and builds what is missing, then starts N nodes
#                                    (default 3) behind http://localhost:${PORT:-8080}
#   scripts/cluster.sh stop          stops everything; the games stay in .cluster/postgres
#   scripts/cluster.sh status        what runs, and each node's /healthz
#   scripts/cluster.sh kill I        kill -9 of node I, to watch the others take its games over
#   scripts/cluster.sh restart-node I
#                                    stops node I if it runs and starts it again with the
#                                    options of the last start; HAProxy and the other nodes'
#                                    players keep their connections
#   scripts/cluster.sh game ID       which node runs game ID (its lease's holder)
#   scripts/cluster.sh db            the database's postgresql:// URL, for psql or tengen
#   scripts/cluster.sh purge         stops everything and deletes CLUSTER_DIR and the games
#
# Everything lives in CLUSTER_DIR (default .cluster/: sockets, logs, the HAProxy config, and
# PostgreSQL's data unless the postgres user cannot reach it, see pg_dir); start again and the
# games go on. Ports: HAProxy on PORT (default 8080), node I on PORT+I, HAProxy's statistics
# on PORT+100. Extra arguments after N go to every `tengen serve`. BUILD_DIR (default build) is
# where scripts/build.sh builds and where the tengen binary is taken from; SKIP_BUILD=1 starts
# the binary already there without installing or building (scripts/loadgen.sh). Starting again
# while the cluster runs starts only what is missing and reloads HAProxy in place: the players'
# connections stay.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(realpath -m "${CLUSTER_DIR:-.cluster}")
port=${PORT:-8080}
build=${BUILD_DIR:-build}
tengen=$build/src/cli/tengen
action=${1:-}
mkdir -p "$root"
# Under root, PostgreSQL runs as the postgres user, who may not enter a private checkout
# (/root/...): its data then goes under its own home, one directory per cluster directory.
pg_dir=$root/postgres
if [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -x "$root"; then
  pg_dir=/var/lib/postgresql/tengen-cluster-$(echo "$root" | md5sum | cut -c1-8)
fi

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
pg_url() { echo "postgresql://postgres@/tengen?host=$pg_dir&port=5432"; }

# Waits up to 30 s for `curl URL` to answer 200.
wait_healthy() {
  for _ in $(seq 1 300); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

start_postgres() {
  local bin
  bin=$(pg_bin)
  mkdir -p "$pg_dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$pg_dir"; fi
  if [ ! -f "$pg_dir/data/PG_VERSION" ]; then
    as_postgres "$bin/initdb" -D "$pg_dir/data" -U postgres -A trust -E UTF8 \
      >"$pg_dir/initdb.log" 2>&1 || { cat "$pg_dir/initdb.log" >&2; exit 1; }
  fi
  if ! as_postgres "$bin/pg_ctl" -D "$pg_dir/data" status >/dev/null 2>&1; then
    # Only a Unix socket in .cluster/postgres: nothing listens on the network.
    as_postgres "$bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 60 \
      -o "-k $pg_dir -p 5432 -c listen_addresses= -c max_connections=300" start \
      >/dev/null || { tail -n 20 "$pg_dir/server.log" >&2; exit 1; }
  fi
  as_postgres "$bin/psql" -h "$pg_dir" -U postgres -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'tengen'" | grep -q 1 ||
    as_postgres "$bin/createdb" -h "$pg_dir" -U postgres tengen
  echo "cluster: $("$bin/postgres" --version) on $pg_dir"
}

start_redis() {
  if [ -S "$root/redis.sock" ] && redis-cli -s "$root/redis.sock" ping >/dev/null 2>&1; then
    return 0
  fi
  # Pub/sub only: nothing in Redis needs to survive it.
  redis-server --port 0 --unixsocket "$root/redis.sock" --unixsocketperm 700 --dir "$root" \
    --save "" --appendonly no --daemonize yes --pidfile "$root/redis.pid" \
    --logfile "$root/redis.log"
  for _ in $(seq 1 100); do
    redis-cli -s "$root/redis.sock" ping >/dev/null 2>&1 && break
    sleep 0.05
  done
  redis-cli -s "$root/redis.sock" ping >/dev/null || { cat "$root/redis.log" >&2; exit 1; }
  echo "cluster: $(redis-server --version | cut -d' ' -f1-3) on $root/redis.sock"
}

require_binary() {
  [ -x "$tengen" ] || { echo "cluster.sh: no tengen binary at $tengen (BUILD_DIR=$build)" >&2; exit 1; }
}

# Starts node I with the options of the cluster's last start (saved in node-options).
start_node() {
  local i=$1
  local -a options=()
  if [ -s "$root/node-options" ]; then mapfile -t options <"$root/node-options"; fi
  local pidfile=$root/node$i.pid
  if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then return 0; fi
  nohup "$tengen" serve --port $((port + i)) --web-root web --db "$(pg_url)" \
    --node "node$i" --redis "unix:$root/redis.sock" --trusted-proxy 127.0.0.1 "${options[@]}" \
    >"$root/node$i.out" 2>>"$root/node$i.log" &
  echo $! >"$pidfile"
}

write_haproxy_config() {
  local n=$1
  # Each client holds two descriptors in HAProxy (its own and the node's): as many clients as
  # this machine's hard limit on open files allows, up to 100,000.
  local maxconn=$((($(ulimit -Hn) - 200) / 2))
  if [ "$maxconn" -gt 100000 ]; then maxconn=100000; fi
  {
    cat <<EOF
# Written by scripts/cluster.sh: $n tengen nodes behind one address.
global
  maxconn $maxconn
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # A WebSocket lives as long as the game; the server pings it, so idle means dead.
  timeout tunnel 1h
  option forwardfor
  # A connection refused by a node that died is tried again on another one.
  option redispatch
  retries 3
frontend tengen
  bind 127.0.0.1:$port
  default_backend nodes
frontend stats
  bind 127.0.0.1:$((port + 100))
  stats enable
  stats uri /
backend nodes
  balance leastconn
  option httpchk GET /healthz
  default-server inter 1s fall 2 rise 2
EOF
    for i in $(seq 1 "$n"); do echo "  server node$i 127.0.0.1:$((port + i)) check"; done
  } >"$root/haproxy.cfg"
}

# Starts HAProxy, or when it runs already, reloads it in place if its configuration changed:
# the new process takes the listening socket and the old one serves its connections (the
# players' WebSockets) until they close.
start_haproxy() {
  haproxy -c -q -f "$root/haproxy.cfg"
  if [ -f "$root/haproxy.pid" ] && kill -0 "$(cat "$root/haproxy.pid")" 2>/dev/null; then
    cmp -s "$root/haproxy.cfg" "$root/haproxy.running.cfg" 2>/dev/null && return 0
    haproxy -D -f "$root/haproxy.cfg" -p "$root/haproxy.pid" -sf "$(cat "$root/haproxy.pid")"
  else
    haproxy -D -f "$root/haproxy.cfg" -p "$root/haproxy.pid"
  fi
  cp "$root/haproxy.cfg" "$root/haproxy.running.cfg"
}

wait_node() {
  wait_healthy "http://127.0.0.1:$((port + $1))/healthz" ||
    { tail -n 20 "$root/node$1.log" >&2; echo "cluster.sh: node$1 did not start" >&2; exit 1; }
}

stop_all() {
  for pidfile in "$root"/node*.pid "$root/haproxy.pid"; do
    [ -f "$pidfile" ] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  # An HAProxy replaced by a reload may still serve old connections.
  pkill -f "haproxy -D -f $root/haproxy.cfg" 2>/dev/null || true
  rm -f "$root/haproxy.running.cfg"
  if [ -f "$root/redis.pid" ]; then
    redis-cli -s "$root/redis.sock" shutdown nosave >/dev/null 2>&1 || true
  fi
  if [ -f "$pg_dir/data/postmaster.pid" ]; then
    as_postgres "$(pg_bin)/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null
  fi
  echo "cluster: stopped; the games stay in $pg_dir"
}

status() {
  for pidfile in "$root"/node*.pid; do
    [ -f "$pidfile" ] || continue
    local name i
    name=$(basename "$pidfile" .pid)
    i=${name#node}
    if kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      echo "$name: pid $(cat "$pidfile"), port $((port + i)), /healthz" \
        "$(curl -fsS "http://127.0.0.1:$((port + i))/healthz" 2>/dev/null || echo failing)"
    else
      echo "$name: not running"
    fi
  done
  echo "haproxy: http://localhost:$port/ $(curl -fsS -o /dev/null -w '%{http_code}' \
    "http://127.0.0.1:$port/healthz" 2>/dev/null || echo down)," \
    "statistics on http://localhost:$((port + 100))/"
}

case "$action" in
  start)
    n=${2:-3}
    [[ "$n" =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: N is 1..99, not '$n'" >&2; exit 2; }
    shift $(($# < 2 ? $# : 2))
    if [[ ${SKIP_BUILD:-0} != 1 ]]; then
      scripts/install-deps.sh
      BUILD_DIR=$build scripts/build.sh
    fi
    require_binary
    mkdir -p "$root"
    if [ $# -gt 0 ]; then printf '%s\n' "$@" >"$root/node-options"; else : >"$root/node-options"; fi
    start_postgres
    start_redis
    for i in $(seq 1 "$n"); do start_node "$i"; done
    for i in $(seq 1 "$n"); do wait_node "$i"; done
    write_haproxy_config "$n"
    start_haproxy
    wait_healthy "http://127.0.0.1:$port/healthz" ||
      { echo "cluster.sh: HAProxy does not answer on $port" >&2; exit 1; }
    echo "cluster: $n nodes behind http://localhost:$port/ (logs in $root)"
    ;;
  stop) stop_all ;;
  status) status ;;
  db) pg_url ;;
  purge)
    stop_all >/dev/null
    rm -rf "$pg_dir" "$root"
    echo "cluster: stopped and deleted $root"
    ;;
  restart-node)
    i=${2:?which node}
    [[ "$i" =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: I is 1..99, not '$i'" >&2; exit 2; }
    require_binary
    if [ -f "$root/node$i.pid" ]; then
      pid=$(cat "$root/node$i.pid")
      kill "$pid" 2>/dev/null || true
      # A clean stop hands its games' leases back; give it the time a stop takes.
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$root/node$i.pid"
    fi
    start_node "$i"
    wait_node "$i"
    echo "cluster: node$i runs again on port $((port + i)); HAProxy sends it players once healthy"
    ;;
  game)
    id=${2:?which game}
    [[ "$id" =~ ^[0-9]+$ ]] || { echo "cluster.sh: a game id is a number, not '$id'" >&2; exit 2; }
    body=$(curl -sS "http://127.0.0.1:$port/api/games/$id") ||
      { echo "cluster.sh: HAProxy does not answer on $port" >&2; exit 1; }
    python3 - "$body" <<'PY'
import json, sys
reply = json.loads(sys.argv[1])
if "game" not in reply:
    sys.exit("cluster.sh: " + reply.get("error", {}).get("message", sys.argv[1]))
print("game", reply["game"]["id"], "runs on", reply.get("node") or "no node (none holds its lease)")
PY
    ;;
  kill)
    i=${2:?which node}
    kill -9 "$(cat "$root/node$i.pid")"
    rm -f "$root/node$i.pid"
    echo "cluster: node$i killed; its games move to the others within the lease (3 s)"
    ;;
  *)
    echo "usage: cluster.sh start [N] [tengen serve options] | stop | status | kill I | restart-node I | game ID | db | purge" >&2
    exit 2
    ;;
esac
