#!/usr/bin/env bash
# Starts or stops the throwaway Redis server the bus tests run against (ctest's "redis"
# fixture, tests/CMakeLists.txt): no persistence, listening only on DIR/redis.sock.
#
#   redis_server.sh start DIR
#   redis_server.sh stop DIR
set -euo pipefail
action=$1
dir=$2
case "$action" in
  start)
    if [ -f "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    redis-server --port 0 --unixsocket "$dir/redis.sock" --unixsocketperm 700 --dir "$dir" \
      --save "" --appendonly no --daemonize yes --pidfile "$dir/redis.pid" \
      --logfile "$dir/redis.log"
    for _ in $(seq 1 100); do
      [ -S "$dir/redis.sock" ] && redis-cli -s "$dir/redis.sock" ping >/dev/null 2>&1 && break
      sleep 0.05
    done
    redis-cli -s "$dir/redis.sock" ping >/dev/null || { cat "$dir/redis.log" >&2; exit 1; }
    echo "redis_server.sh: $(redis-server --version | cut -d' ' -f1-3) on $dir/redis.sock"
    ;;
  stop)
    if [ -f "$dir/redis.pid" ]; then
      redis-cli -s "$dir/redis.sock" shutdown nosave >/dev/null 2>&1 || kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: redis_server.sh start DIR | stop DIR" >&2
    exit 2
    ;;
esac
