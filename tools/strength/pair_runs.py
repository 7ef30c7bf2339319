#!/usr/bin/env python3
"""Two match runs played on the same seeds, game by game (docs/strength.md, "Against Pachi,
continued"): each run's score over the games both played (a draw is half a win) and on how
many games the second did better or worse than the first, with the two-sided sign test.
    python3 tools/strength/pair_runs.py OUT_DIR_A OUT_DIR_B [OUT_DIR_A2 OUT_DIR_B2 ...]
Each OUT_DIR is a match.py output folder (games.jsonl). With several pairs (one per seed set),
each pair gets its line and then all of them pooled: both sides' W - D - L, score with its 95%
Wilson interval (every game counted as independent) and the sign test over every pair."""
import json
import math
import sys

from match import wilson  # beside this file: Python puts the script's folder on the path

SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def outcomes(folder):
    with open(f"{folder}/games.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {row["game"]: row["outcome"] for row in rows if row.get("outcome") in SCORE}


def sign_test(better, worse):
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def pair(folder_a, folder_b):
    """The outcomes of both runs on the games both played, in game order."""
    a, b = outcomes(folder_a), outcomes(folder_b)
    games = sorted(set(a) & set(b))
    return [a[g] for g in games], [b[g] for g in games]


def line(a, b):
    sa, sb = (sum(SCORE[o] for o in side) for side in (a, b))
    better = sum(SCORE[y] > SCORE[x] for x, y in zip(a, b))
    worse = sum(SCORE[y] < SCORE[x] for x, y in zip(a, b))
    return (f"{len(a)} games: A {sa:g}, B {sb:g}; B better on {better}, worse on {worse} "
            f"(sign test p = {sign_test(better, worse):.3f})")


def record(side):
    score = sum(SCORE[o] for o in side)
    low, high = wilson(score, len(side))
    return (f"{side.count('win')} - {side.count('draw')} - {side.count('loss')}, {score:g} of "
            f"{len(side)} = {100 * score / len(side):.1f}% ({100 * low:.1f}% - {100 * high:.1f}%)")


def main():
    folders = sys.argv[1:]
    if len(folders) < 2 or len(folders) % 2:
        sys.exit(__doc__)
    pairs = [pair(folders[i], folders[i + 1]) for i in range(0, len(folders), 2)]
    if len(pairs) == 1:
        print(line(*pairs[0]))
        return
    for i, (a, b) in enumerate(pairs):
        print(f"{folders[2 * i]} / {folders[2 * i + 1]}: {line(a, b)}")
    a = [o for p in pairs for o in p[0]]
    b = [o for p in pairs for o in p[1]]
    print(f"pooled: {line(a, b)}")
    print(f"pooled A: {record(a)}")
    print(f"pooled B: {record(b)}")


if __name__ == "__main__":
    main()
