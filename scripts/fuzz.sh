#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ into build-fuzz/ with clang-16 (ASan, UBSan) and runs
# each for FUZZ_SECONDS (default 15) from its seed corpus in fuzz/corpus/<target>/. A crash, a
# sanitizer report, a failed check, a leak or a timeout fails the script; the input that did it
# is kept under build-fuzz/artifacts/<target>/. Called by scripts/test.sh after sanitize.sh.
#
#   scripts/fuzz.sh                       # every target
#   FUZZ_SECONDS=300 scripts/fuzz.sh envelope_fuzz
#
# New inputs found go to build-fuzz/corpus/<target>/, not to the committed seeds: add one to
# fuzz/corpus/ by hand when it covers something the seeds do not.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=(sgf_fuzz gtp_reply_fuzz envelope_fuzz http_request_fuzz event_log_fuzz lesson_fuzz)
fi

CXX=clang++-16 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTENGEN_FUZZ=ON -DTENGEN_BUILD_TESTS=OFF -DTENGEN_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz --parallel "${JOBS:-$(nproc)}" --target "${targets[@]}"

export ASAN_OPTIONS=abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for target in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$target
  artifacts=build-fuzz/artifacts/$target/
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz: $target for ${FUZZ_SECONDS:-15} s"
  # The first directory collects what the run finds; the seeds are only read. -timeout: one
  # input taking this long is a hang, reported as a failure.
  build-fuzz/fuzz/"$target" -max_total_time="${FUZZ_SECONDS:-15}" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" \
    "$corpus" "fuzz/corpus/$target" 2>"build-fuzz/$target.log" || {
    tail -n 60 "build-fuzz/$target.log" >&2
    echo "fuzz: $target failed; the input is in $artifacts" >&2
    exit 1
  }
  grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec)' \
    "build-fuzz/$target.log" || true
done
