#!/bin/sh
# The ranks of the site's built-in levels (src/site/bots/bot_roster.cpp, builtinBots) on
# 19x19: a chain of matches from GNU Go 3.8 level 10 down to the weakest level, each link
# between neighbours, then tools/strength/level_ranks.py turns the results into ranks.
#   tools/strength/calibrate_levels.sh [BUILD_DIR] [OUT_DIR]
# Links (strongest first), GAMES games each (default 20; STRONG_GAMES for the first, default
# GAMES: docs/strength.md's table has 10 there), PARALLEL at once (default 2):
#   Strong (1 s: 4,000 playouts, what one core gives on 19x19) against GNU Go: even, komi 7;
#   Medium (1,000 playouts) against Strong: even, komi 7;
#   Easy (100) taking EASY_STONES (default 9) from Medium, komi 0.5;
#   Beginner (10) taking BEGINNER_STONES (default 9) from Easy, komi 0.5.
# Fixed playouts keep the results independent of machine load; game N of a link uses the
# seeds ${SEED_PREFIX}N (the weaker side) and 9${SEED_PREFIX}N. A link whose summary.json
# exists is not played again (delete its folder to replay it). ANCHOR (default 8k) is GNU
# Go's rank.
set -eu
build=${1:-build}
out=${2:-/tmp/tengen-levels}
games=${GAMES:-20}
parallel=${PARALLEL:-2}
prefix=${SEED_PREFIX:-}
here=$(dirname "$0")
tengen="$build/src/cli/tengen"
mkdir -p "$out"

# link FOLDER GAMES KOMI HANDICAP A_COLOUR A_COMMAND B_COMMAND
link() {
  [ -f "$out/$1/summary.json" ] && return 0
  folder=$1
  count=$2
  shift 2
  python3 "$here/match.py" --games "$count" --size 19 --komi "$1" --rules chinese \
    --handicap "$2" --a-colour "$3" --a "$4" --b "$5" \
    --referee "$tengen gtp --rules chinese --komi $1" \
    --check "/usr/games/gnugo --mode gtp --chinese-rules --komi $1" \
    --timeout 900 --parallel "$parallel" --out "$out/$folder" > "$out/$folder.log"
}
bot() {  # bot PLAYOUTS KOMI SEED
  echo "$tengen gtp --rules chinese --komi $2 --playouts $1 --seconds 0 --threads 1 --seed $3"
}

link strong-gnugo "${STRONG_GAMES:-$games}" 7 0 alternate "$(bot 4000 7 "$prefix{seed}")" \
  "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --komi 7 --seed $prefix{seed}"
link medium-strong "$games" 7 0 alternate "$(bot 1000 7 "$prefix{seed}")" "$(bot 4000 7 "9$prefix{seed}")"
link easy-medium "$games" 0.5 "${EASY_STONES:-9}" black "$(bot 100 0.5 "$prefix{seed}")" \
  "$(bot 1000 0.5 "9$prefix{seed}")"
link beginner-easy "$games" 0.5 "${BEGINNER_STONES:-9}" black "$(bot 10 0.5 "$prefix{seed}")" \
  "$(bot 100 0.5 "9$prefix{seed}")"

cat > "$out/links.json" <<'LINKS'
[
  {"folder": "strong-gnugo", "weaker": "Tengen Strong", "stronger": "GNU Go",
   "stronger_is_a": false},
  {"folder": "medium-strong", "weaker": "Tengen Medium", "stronger": "Tengen Strong",
   "stronger_is_a": false},
  {"folder": "easy-medium", "weaker": "Tengen Easy", "stronger": "Tengen Medium",
   "stronger_is_a": false},
  {"folder": "beginner-easy", "weaker": "Tengen Beginner", "stronger": "Tengen Easy",
   "stronger_is_a": false}
]
LINKS
python3 "$here/level_ranks.py" --anchor "${ANCHOR:-8k}" --out "$out"
