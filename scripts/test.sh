#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test. This is what .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 900
tests/e2e/run.sh
scripts/sanitize.sh
scripts/tsan.sh
scripts/fuzz.sh
