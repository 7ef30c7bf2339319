#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server: a fresh cluster in DIR, listening only on a
# Unix socket in DIR, with trust authentication for the local user "postgres". It serves the
# store tests (ctest's "postgres" fixture, tests/CMakeLists.txt, with FSYNC=off: they check
# what the store writes and reads, not what survives a power cut) and the PostgreSQL runs of
# scripts/loadgen.sh (durable: fsync on, as in production).
#
#   postgres.sh start DIR PORT    prints the server's URL on its last line
#   postgres.sh stop DIR
#
# PostgreSQL refuses to run as root; under root (CI) the server runs as the "postgres" user
# that Debian's postgresql package creates.
set -euo pipefail
action=$1
dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "postgres.sh: no PostgreSQL server under /usr/lib/postgresql (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
  start)
    port=$3
    # A server left running by an interrupted run goes first.
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -p $port -c listen_addresses= -c fsync=${FSYNC:-on} -c max_connections=200" \
      start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres.sh: $("$bin/postgres" --version), fsync ${FSYNC:-on}, in $dir" >&2
    echo "postgresql://postgres@/postgres?host=$dir&port=$port"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: postgres.sh start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
