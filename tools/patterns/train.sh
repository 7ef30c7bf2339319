#!/bin/sh
# Regenerates src/bot/move_weights.txt from a clean checkout: plays the GNU Go self-play games
# of the corpus (resumable; the same games on every machine), then fits the weights to them and
# to the dead-stone corpus's games (tests/data/deadstones). tools/patterns/README.md explains.
#   tools/patterns/train.sh [BUILD_DIR] [CORPUS_DIR]
# GAMES19 (default 21: what made the committed file) 19x19 games at GNU Go level 8; JOBS
# (default 2) games at once.
set -eu
build=${1:-build}
corpus=${2:-$build/patterns-corpus}
games19=${GAMES19:-21}
here=$(dirname "$0")
cmake --build "$build" --target train_move_weights >/dev/null
python3 "$here/make_corpus.py" --size 19 --games "$games19" --level 8 --jobs "${JOBS:-2}" \
  --out "$corpus/19x19"
# Exactly games 0..GAMES19-1, whatever else the directory holds.
games=$(seq -f "$corpus/19x19/19x19-%04g.sgf" 0 $((games19 - 1)))
# shellcheck disable=SC2086  # one file per word
"$build/tools/patterns/train_move_weights" --out src/bot/move_weights.txt --iterations 20 \
  --note "made by: GAMES19=$games19 tools/patterns/train.sh" \
  --note "games: tests/data/deadstones (225 GNU Go 3.8 self-play games, levels 1-3, 9x9 to 19x19)" \
  --note "  and $games19 19x19 GNU Go 3.8 level 8 self-play games (tools/patterns/make_corpus.py)" \
  tests/data/deadstones $games
