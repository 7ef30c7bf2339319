#!/usr/bin/env bash
# Configures and builds tengen into BUILD_DIR (default build/; RelWithDebInfo: optimised, with
# symbols).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --parallel "$(nproc)"
