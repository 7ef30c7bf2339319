#!/usr/bin/env bash
# tools/strength/calibrate_levels.sh and level_ranks.py without playing (`ctest -L strength`):
# given every link's summary.json with the results docs/strength.md records ("Levels measured
# again", "A sixth level"), the script plays no game, takes each level's playouts from
# `tengen levels` and finds every level at the rank the site shows. Then one result changed
# (Advanced winning 2 of 20 instead of 15) and one link played at other playouts must each
# be named, and a malformed `tengen levels` line is refused with its line number.
# Usage: level_ranks_check.sh TENGEN_BINARY
set -euo pipefail
tengen=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$(dirname "$tengen")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expect() {  # expect FILE TEXT: FILE holds the line TEXT
  if ! grep -qxF -- "$2" "$1"; then
    echo "level_ranks_check: expected the line '$2' in:" >&2
    cat "$1" >&2
    exit 1
  fi
}
calibrate() {  # calibrate FOLDER: the script's table for the summaries in FOLDER
  # GAMES=0: should a summary be missing, its link is played with no game and then refused.
  GAMES=0 STRONG_GAMES=0 "$root/tools/strength/calibrate_levels.sh" "$build" "$1" > "$1.txt"
  if ls "$1"/*.log > /dev/null 2>&1; then
    echo "level_ranks_check: a link was played" >&2
    exit 1
  fi
}

cp -r "$root/tests/strength/levels_measured" "$work/same"
calibrate "$work/same"
expect "$work/same.txt" "Every level is shown at the rank measured here."
grep -q "^Tengen Advanced  *10k  *9k..11k  5/20 for GNU Go (3 stones): gap 1.8$" "$work/same.txt"
grep -q "^Tengen Beginner  *30k" "$work/same.txt"

cp -r "$root/tests/strength/levels_measured" "$work/changed"
sed -i 's/"wins": 15/"wins": 2/; s/"losses": 5/"losses": 18/' "$work/changed/advanced-gnugo/summary.json"
sed -i 's/--playouts 1000/--playouts 1500/' "$work/changed/medium-gnugo/summary.json"
calibrate "$work/changed"
expect "$work/changed.txt" "  Tengen Advanced is shown as 10k and measured 14k"
expect "$work/changed.txt" \
  "  Tengen Medium played medium-gnugo at 1500 playouts and now plays 1000: play it again"
if grep -q "Every level is shown" "$work/changed.txt"; then exit 1; fi

printf 'Tengen Easy\t100\t0\n' > "$work/bad.tsv"
if python3 "$root/tools/strength/level_ranks.py" --out "$work/same" --shown "$work/bad.tsv" \
    2> "$work/bad.err"; then
  echo "level_ranks_check: a three-field line was accepted" >&2
  exit 1
fi
grep -q "^level_ranks.py: .*bad.tsv:1: expected NAME, PLAYOUTS, SECONDS and RANK" "$work/bad.err"
if grep -q Traceback "$work/bad.err"; then
  echo "level_ranks_check: a bad line ended in a traceback" >&2
  exit 1
fi
echo "level_ranks_check: ok"
