#!/bin/sh
# The 9x9 strength match of docs/strength.md: tengen (fixed playouts per move, one thread)
# against GNU Go 3.8 level 10, Chinese rules, komi 7, 40 games, colours alternating.
#   tools/strength/run_9x9.sh [BUILD_DIR] [PLAYOUTS] [GAMES] [OUT_DIR]
# run_match.sh with the size fixed; it says what the arguments and variables mean.
set -eu
exec "$(dirname "$0")/run_match.sh" 9 "$@"
