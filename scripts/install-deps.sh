#!/usr/bin/env bash
# Installs every Debian package tengen needs to build, test and run (Debian 12).
# Runs as root, or through sudo when it is available.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
  libsqlite3-dev  # the embedded store (src/store)
  libpq-dev postgresql  # PostgresStore (src/store/postgres) and the server its tests start
  libhiredis-dev redis-server  # RedisBus (src/bus) and the server its tests start
  haproxy  # the one address in front of several nodes (scripts/cluster.sh)
  nginx  # the TLS front of docs/operating.md, which tests/ops runs (docs/nginx/tengen.conf)
  libjemalloc-dev  # the server's allocator (src/cli/CMakeLists.txt)
  libsodium-dev  # argon2id password hashes and session tokens (src/site)
  libboost1.81-dev libboost-json1.81-dev  # Beast/Asio server, Boost.JSON messages
  gnugo  # the GTP peer of the differential tests and the replay benchmark
  python3  # tools/strength/match.py and its smoke test (tests/strength)
  chromium nodejs npm  # browser tests of web/ (tests/e2e: playwright-core drives this chromium)
  # libFuzzer targets (scripts/fuzz.sh): clang 14, Debian 12's default, cannot compile
  # libstdc++ 12's std::expected; the runtime package holds libFuzzer and the sanitizers.
  clang-16 libclang-rt-16-dev
)

# A NodeSource nodejs bundles npm and conflicts with Debian's npm package: keep the one we have.
if command -v npm >/dev/null 2>&1; then
  without_npm=()
  for p in "${packages[@]}"; do [ "$p" = npm ] || without_npm+=("$p"); done
  packages=("${without_npm[@]}")
fi

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
