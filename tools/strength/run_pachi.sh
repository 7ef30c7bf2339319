#!/bin/sh
# A strength match against Pachi (docs/strength.md, "Against Pachi"): tengen (fixed playouts per
# move, one thread) against Pachi (fixed playouts per move, threads=1), Chinese rules, komi 7
# (KOMI), colours alternating, one game at a time.
#   PACHI=/tmp/pachi-src/pachi tools/strength/run_pachi.sh SIZE [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]
# PACHI is a Pachi binary built outside the repository (docs/strength.md says how); its data
# files (patterns_mm.*) are read from the binary's folder. PACHI_PLAYOUTS (default 10,000 on
# 9x9, 3,000 otherwise; Pachi takes no fewer than 500) is Pachi's playouts per move, PLAYOUTS tengen's (default: the same).
# Fixed playouts keep the result independent of the machine's load; match.py measures each
# engine's CPU time per move, so "equal time" is set by choosing PLAYOUTS from the CPU seconds
# per move a first run reports (summary.json effort_a / effort_b).
# Both engines run under `nice -n ${NICE:-19}`. Both get the seed ${SEED_PREFIX}N for game N.
# FIRST=K starts at game K. TENGEN_ARGS are added to tengen's command line, PACHI_ARGS to
# Pachi's engine arguments (comma-separated, e.g. "resign_threshold=0.1").
# Each game leaves its SGF, a per-move log (gameNNN.moves.jsonl: move, wall and CPU seconds,
# playouts) and both engines' stderr in OUT_DIR; disputed counts are played out as in
# run_match.sh.
set -eu
usage="usage: PACHI=path run_pachi.sh SIZE [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]"
size=${1:?$usage}
pachi=${PACHI:?"$usage (PACHI: a Pachi binary; docs/strength.md says how to build one)"}
if [ ! -x "$pachi" ]; then
  echo "run_pachi.sh: PACHI=$pachi is not an executable" >&2
  exit 2
fi
case $size in
  9) default_pachi=10000 ;;
  *) default_pachi=3000 ;;
esac
pachi_playouts=${PACHI_PLAYOUTS:-$default_pachi}
build=${2:-build}
playouts=${3:-$pachi_playouts}
games=${4:-20}
out=${5:-/tmp/tengen-pachi-${size}x${size}}
seed="${SEED_PREFIX:-}{seed}"
komi=${KOMI:-7}
nice="nice -n ${NICE:-19}"
here=$(dirname "$0")
pachi_dir=$(cd "$(dirname "$pachi")" && pwd)
# Pachi: one thread, a fixed playout count (-t =N; it counts the simulations reused from the
# previous move's tree too), no board diagrams in its log (-D); pondering is off by default.
pachi_engine="threads=1${PACHI_ARGS:+,$PACHI_ARGS}"
exec python3 "$here/match.py" --games "$games" --size "$size" --komi "$komi" --rules chinese \
  --name-a "tengen $playouts playouts" --name-b "Pachi $pachi_playouts playouts" \
  --a "$nice $build/src/cli/tengen gtp --rules chinese --komi $komi --playouts $playouts --seconds 0 --threads 1 --seed $seed ${TENGEN_ARGS:-}" \
  --b "$nice env DATA_DIR=$pachi_dir $pachi -r chinese -t =$pachi_playouts -D --seed $seed $pachi_engine" \
  --referee "$build/src/cli/tengen gtp --rules chinese --komi $komi" \
  --check "/usr/games/gnugo --mode gtp --chinese-rules --komi $komi" \
  --settle-disputes --keep-stderr --timeout 600 --parallel 1 --first "${FIRST:-0}" --out "$out"
