#!/usr/bin/env python3
"""Two match runs played on the same seeds, game by game (docs/strength.md, "Against Pachi,
continued"): each run's score over the games both played (a draw is half a win) and on how
many games the second did better or worse than the first, with the two-sided sign test.
    python3 tools/strength/pair_runs.py OUT_DIR_A OUT_DIR_B
Each OUT_DIR is a match.py output folder (games.jsonl)."""
import json
import math
import sys

SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def outcomes(folder):
    with open(f"{folder}/games.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {row["game"]: SCORE[row["outcome"]] for row in rows if row.get("outcome") in SCORE}


def sign_test(better, worse):
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = outcomes(sys.argv[1]), outcomes(sys.argv[2])
    games = sorted(set(a) & set(b))
    better = sum(b[g] > a[g] for g in games)
    worse = sum(b[g] < a[g] for g in games)
    print(f"{len(games)} games: A {sum(a[g] for g in games):g}, B {sum(b[g] for g in games):g}; "
          f"B better on {better}, worse on {worse} (sign test p = {sign_test(better, worse):.3f})")


if __name__ == "__main__":
    main()
