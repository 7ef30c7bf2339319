#!/usr/bin/env bash
# The concurrent parts again (site, server, store, bus, GTP client: threads, strands,
# processes and shutdown), built into build-asan/ with AddressSanitizer. Their use-after-frees
# on shutdown once corrupted the heap only now and then; here any such access fails the run at
# once.
# Called by scripts/test.sh after the ordinary tests.
#
# UndefinedBehaviorSanitizer is not added here: with it every file that includes Beast took
# 2.3 times as long to compile (game_room.cpp: 28.9 s against 12.5 s), which .ci/run cannot
# afford. The fuzz targets (scripts/fuzz.sh) run the parsers and the rules engine under
# AddressSanitizer and UndefinedBehaviorSanitizer both.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Sanitize \
  -DCMAKE_CXX_FLAGS="-fsanitize=address -fno-omit-frame-pointer" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address" >/dev/null
cmake --build build-asan --parallel "$(nproc)" \
  --target site_tests server_tests store_tests bus_tests gtp_client_tests
# Leak checking stays off: tests end with threads and engines parked, which LSan reports.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)" --timeout 900 \
  -L '^(site|server|store|bus|gtp_client)$'
