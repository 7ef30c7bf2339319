#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test. This is what .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
# The soak label (long differential runs) stays out: `ctest --test-dir build -L soak`.
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 900 -LE soak
tests/e2e/run.sh
scripts/sanitize.sh
scripts/tsan.sh
scripts/fuzz.sh
