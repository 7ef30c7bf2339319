#!/bin/sh
# Playouts per CPU-second, as docs/strength.md measures the budget of run_match.sh: for each
# board size and seed, each build in turn (so a slow spell of the shared machine hits them
# alike) plays `play B D4`, `play W C3` and a 40,000-playout `genmove b` on one thread,
# pinned to one core (taskset -c 1), and its user CPU time is taken.
#   tools/strength/budget.sh TENGEN_BINARY...
# Prints one line per run: size, seed, binary, playouts, CPU seconds, playouts per second.
# SIZES (default "9 13 19") and SEEDS (default "1 2 3 4 5") choose the runs.
set -eu
[ $# -gt 0 ] || { echo "usage: budget.sh TENGEN_BINARY..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in ${SIZES:-9 13 19}; do
  for seed in ${SEEDS:-1 2 3 4 5}; do
    for bin in "$@"; do
      printf 'boardsize %s\nclear_board\nplay B D4\nplay W C3\ngenmove b\nquit\n' "$size" > "$work/in.gtp"
      /usr/bin/time -f "%U" -o "$work/time" taskset -c 1 "$bin" gtp --rules chinese --komi 7 \
        --playouts 40000 --seconds 0 --threads 1 --seed "$seed" < "$work/in.gtp" > /dev/null \
        2> "$work/log"
      # The genmove log line names the simulations the search ran (it may stop early).
      playouts=$(grep -o "playouts=[0-9]*" "$work/log" | head -1 | cut -d= -f2)
      seconds=$(cat "$work/time")
      echo "$size $seed $bin $playouts $seconds $(awk -v p="$playouts" -v s="$seconds" 'BEGIN { printf "%d", p / s }')"
    done
  done
done
