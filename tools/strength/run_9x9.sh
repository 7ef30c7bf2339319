#!/bin/sh
# The 9x9 strength match of docs/strength.md: tengen (fixed playouts per move, one thread)
# against GNU Go 3.8 level 10, Chinese rules, komi 7, 40 games, colours alternating.
#   tools/strength/run_9x9.sh [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]
# PLAYOUTS is what the bot completes in one second on one quiet core (docs/strength.md says
# how it was measured); fixed playouts keep the result independent of machine load.
set -eu
build=${1:-build}
playouts=${2:-18000}
games=${3:-40}
out=${4:-/tmp/tengen-match-9x9}
here=$(dirname "$0")
exec python3 "$here/match.py" --games "$games" --size 9 --komi 7 --rules chinese \
  --name-a "tengen $playouts playouts" --name-b "GNU Go 3.8 level 10" \
  --a "$build/src/cli/tengen gtp --rules chinese --komi 7 --playouts $playouts --seconds 0 --threads 1 --seed {seed}" \
  --b "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --komi 7 --seed {seed}" \
  --referee "$build/src/cli/tengen gtp --rules chinese --komi 7" \
  --check "/usr/games/gnugo --mode gtp --chinese-rules --komi 7" \
  --parallel "${PARALLEL:-2}" --out "$out"
