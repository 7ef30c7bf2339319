#!/bin/sh
# A strength match of docs/strength.md on any board size: tengen (fixed playouts per move,
# one thread) against GNU Go 3.8 level 10, Chinese rules, komi 7 (KOMI), colours alternating.
#   tools/strength/run_match.sh SIZE [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]
# PLAYOUTS defaults to what the bot completes in one second of one core on that size
# (9x9 35,000, 13x13 16,900, 19x19 7,700; docs/strength.md says how it was measured): fixed
# playouts keep the result independent of machine load. Both engines get the seed
# ${SEED_PREFIX}N for game N (0, 1, ...); a new prefix (e.g. SEED_PREFIX=40) gives new games.
# FIRST=K starts at game K (a set's later games, the earlier ones already played).
# PARALLEL (default 2) games run at once. TENGEN_ARGS are added to tengen's command line (an
# option being measured, e.g. "--learned-priors 30"). HANDICAP=N gives Black N fixed stones
# (with KOMI, default 7; e.g. KOMI=0.5) and A_COLOUR=black|white fixes tengen's colour.
# A game whose two passes leave tengen's and GNU Go's counts naming different winners is
# played on with kgs-genmove_cleanup and counted after two more passes (match.py
# --settle-disputes).
set -eu
size=${1:?usage: run_match.sh SIZE [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]}
case $size in
  9) default_playouts=35000 ;;
  13) default_playouts=16900 ;;
  19) default_playouts=7700 ;;
  *) echo "run_match.sh: no measured playout rate for ${size}x${size}; give PLAYOUTS" >&2
     default_playouts= ;;
esac
build=${2:-build}
playouts=${3:-$default_playouts}
games=${4:-40}
out=${5:-/tmp/tengen-match-${size}x${size}}
seed="${SEED_PREFIX:-}{seed}"
[ -n "$playouts" ] || exit 2
here=$(dirname "$0")
komi=${KOMI:-7}
exec python3 "$here/match.py" --games "$games" --size "$size" --komi "$komi" --rules chinese \
  --handicap "${HANDICAP:-0}" --a-colour "${A_COLOUR:-alternate}" \
  --name-a "tengen $playouts playouts" --name-b "GNU Go 3.8 level 10" \
  --a "$build/src/cli/tengen gtp --rules chinese --komi $komi --playouts $playouts --seconds 0 --threads 1 --seed $seed ${TENGEN_ARGS:-}" \
  --b "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --komi $komi --seed $seed" \
  --referee "$build/src/cli/tengen gtp --rules chinese --komi $komi" \
  --check "/usr/games/gnugo --mode gtp --chinese-rules --komi $komi" \
  --settle-disputes --timeout 600 --parallel "${PARALLEL:-2}" --first "${FIRST:-0}" --out "$out"
