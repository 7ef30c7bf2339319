#!/usr/bin/env python3
"""A GTP scorer that accepts any board and moves and counts every position a draw ("0"):
a second counter that disagrees with a referee naming a winner, so that
tools/strength/match.py --settle-disputes has a dispute to play out."""
import sys

for line in sys.stdin:
    command = line.split()
    if not command:
        continue
    if command[0] == "quit":
        print("=\n", flush=True)
        break
    print("= 0\n" if command[0] == "final_score" else "=\n", flush=True)
