#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ into build-fuzz/ with clang-16 (ASan, UBSan) and runs
# each for FUZZ_SECONDS (default 15) from its seed corpus in fuzz/corpus/<target>/. A crash, a
# sanitizer report, a failed check, a leak or a timeout fails the script; the input that did it
# is kept under build-fuzz/artifacts/<target>/. Targets run one per core at a time. Called by
# scripts/test.sh after sanitize.sh.
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
  targets=(sgf_fuzz gtp_reply_fuzz envelope_fuzz http_request_fuzz event_log_fuzz lesson_fuzz
    player_csv_fuzz conditional_tree_fuzz review_edit_fuzz)
fi

CXX=clang++-16 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTENGEN_FUZZ=ON -DTENGEN_BUILD_TESTS=OFF -DTENGEN_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz --parallel "${JOBS:-$(nproc)}" --target "${targets[@]}"

export ASAN_OPTIONS=abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One target: FUZZ_SECONDS of libFuzzer, its log in build-fuzz/<target>.log.
fuzz_one() {
  local target=$1
  local corpus=build-fuzz/corpus/$target
  local artifacts=build-fuzz/artifacts/$target/
  mkdir -p "$corpus" "$artifacts"
  if ! build-fuzz/fuzz/"$target" -max_total_time="${FUZZ_SECONDS:-15}" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" \
    "$corpus" "fuzz/corpus/$target" 2>"build-fuzz/$target.log"; then
    tail -n 60 "build-fuzz/$target.log" >&2
    echo "fuzz: $target failed; the input is in $artifacts" >&2
    return 1
  fi
  echo "fuzz: $target ran ${FUZZ_SECONDS:-15} s: $(grep -E '^stat::number_of_executed_units' \
    "build-fuzz/$target.log" | awk '{print $2}') inputs"
}
export -f fuzz_one

# One target per core at a time: each is single-threaded, so the time per target (and the
# inputs it tries) is the same as one after the other, in a fraction of the wall time.
printf '%s\n' "${targets[@]}" | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'fuzz_one "$1"' _ {}
