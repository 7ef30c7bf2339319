#!/usr/bin/env bash
# The concurrent parts again (site, server, store, GTP client: threads, strands, processes and
# shutdown), built into build-asan/ with AddressSanitizer and UndefinedBehaviorSanitizer.
# Their use-after-frees on shutdown once corrupted the heap only now and then; here any
# such access fails the run at once. Called by scripts/test.sh after the ordinary tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build build-asan --parallel "$(nproc)" \
  --target site_tests server_tests store_tests gtp_client_tests
# Leak checking stays off: tests end with threads and engines parked, which LSan reports.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1
ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)" --timeout 900 \
  -L '^(site|server|store|gtp_client)$'
