#!/bin/sh
# The ranks of the site's built-in levels (src/site/bots/bot_roster.cpp, builtinBots) on
# 19x19: matches against GNU Go 3.8 level 10 for the three strongest and a chain down from
# Medium to the weakest level, each link between neighbours, then
# tools/strength/level_ranks.py turns the results into ranks and compares them with the
# ranks the site shows.
#   tools/strength/calibrate_levels.sh [BUILD_DIR] [OUT_DIR]
# Each level plays with the playouts `tengen levels` lists for it (kept in OUT_DIR/levels.tsv).
# Links (strongest first), GAMES games each (default 20; STRONG_GAMES for the first, default
# GAMES: docs/strength.md's latest table puts 50 games of run_match.sh there), PARALLEL at
# once (default 2):
#   Strong (1 s with time management: STRONG_PLAYOUTS, default 7,700, what one quiet core
#   gives on 19x19 as run_match.sh's budget) against GNU Go: even, komi 7;
#   Advanced taking ADVANCED_STONES (default 3) from GNU Go;
#   Medium taking MEDIUM_STONES (default 4) from GNU Go (Medium against Strong is one-sided:
#   0 of 20 even, 0 of 9 taking four stones);
#   Casual taking CASUAL_STONES (default 4) from Medium;
#   Easy taking EASY_STONES (default 9) from Casual;
#   Beginner taking BEGINNER_STONES (default 9) from Easy.
# A link with stones is played at komi 0.5, the weaker side Black; 0 stones means even
# games, colours alternating, komi 7.
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
strong=${STRONG_PLAYOUTS:-7700}
mkdir -p "$out"
"$tengen" levels > "$out/levels.tsv"

# playouts NAME: the level's playouts a move, from `tengen levels`.
playouts() {
  count=$(awk -F '\t' -v name="$1" '$1 == name { print $2 }' "$out/levels.tsv")
  case $count in
    '' | 0 | *[!0-9]*)
      echo "calibrate_levels.sh: \`tengen levels\` gives $1 no playout limit" >&2
      exit 2 ;;
  esac
  echo "$count"
}
advanced=$(playouts "Tengen Advanced")
medium=$(playouts "Tengen Medium")
casual=$(playouts "Tengen Casual")
easy=$(playouts "Tengen Easy")
beginner=$(playouts "Tengen Beginner")

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
# side PLAYOUTS|gnugo KOMI SEED: a level's command, or GNU Go 3.8 level 10's.
side() {
  if [ "$1" = gnugo ]; then
    echo "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --komi $2 --seed $3"
  else
    bot "$@"
  fi
}

# below FOLDER STONES WEAKER_PLAYOUTS STRONGER: the weaker level against the stronger side
# (playouts, or gnugo), taking STONES (0: even).
below() {
  if [ "$2" -gt 0 ]; then
    link "$1" "$games" 0.5 "$2" black "$(bot "$3" 0.5 "$prefix{seed}")" \
      "$(side "$4" 0.5 "9$prefix{seed}")"
  else
    link "$1" "$games" 7 0 alternate "$(bot "$3" 7 "$prefix{seed}")" \
      "$(side "$4" 7 "9$prefix{seed}")"
  fi
}

link strong-gnugo "${STRONG_GAMES:-$games}" 7 0 alternate "$(bot "$strong" 7 "$prefix{seed}")" \
  "$(side gnugo 7 "$prefix{seed}")"
below advanced-gnugo "${ADVANCED_STONES:-3}" "$advanced" gnugo
below medium-gnugo "${MEDIUM_STONES:-4}" "$medium" gnugo
below casual-medium "${CASUAL_STONES:-4}" "$casual" "$medium"
below easy-casual "${EASY_STONES:-9}" "$easy" "$casual"
below beginner-easy "${BEGINNER_STONES:-9}" "$beginner" "$easy"

cat > "$out/links.json" <<'LINKS'
[
  {"folder": "strong-gnugo", "weaker": "Tengen Strong", "stronger": "GNU Go",
   "stronger_is_a": false},
  {"folder": "advanced-gnugo", "weaker": "Tengen Advanced", "stronger": "GNU Go",
   "stronger_is_a": false},
  {"folder": "medium-gnugo", "weaker": "Tengen Medium", "stronger": "GNU Go",
   "stronger_is_a": false},
  {"folder": "casual-medium", "weaker": "Tengen Casual", "stronger": "Tengen Medium",
   "stronger_is_a": false},
  {"folder": "easy-casual", "weaker": "Tengen Easy", "stronger": "Tengen Casual",
   "stronger_is_a": false},
  {"folder": "beginner-easy", "weaker": "Tengen Beginner", "stronger": "Tengen Easy",
   "stronger_is_a": false}
]
LINKS
python3 "$here/level_ranks.py" --anchor "${ANCHOR:-8k}" --out "$out" --shown "$out/levels.tsv"
