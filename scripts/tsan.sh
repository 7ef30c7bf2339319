#!/usr/bin/env bash
# The site, server, store and bus tests again, built into build-tsan/ with ThreadSanitizer:
# strands, thread pools, the store's writer and reader threads, the bus thread and shutdown. A
# data race fails the run even when the interleaving that would corrupt anything did not
# happen this time. Called by scripts/test.sh after sanitize.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# -Wno-tsan: GCC's ThreadSanitizer does not model std::atomic_thread_fence and says so in every
# file that includes Boost.Asio, which fences around each handler it runs. Asio hands handlers
# between threads under its scheduler's and strands' mutexes, which are modelled, so no race of
# ours hides behind a fence; src/ itself uses none.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Sanitize \
  -DCMAKE_CXX_FLAGS="-fsanitize=thread -Wno-tsan" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null
cmake --build build-tsan --parallel "$(nproc)" --target site_tests server_tests store_tests bus_tests
# halt_on_error: the first report aborts the test, so it fails even if the test would pass.
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
ctest --test-dir build-tsan --output-on-failure --parallel "$(nproc)" --timeout 900 \
  -L '^(site|server|store|bus)$'
