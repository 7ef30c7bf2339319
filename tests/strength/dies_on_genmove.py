#!/usr/bin/env python3
"""A GTP engine that sets up boards and accepts moves, then dies (exit status 1, output
closed) at its first genmove: how a crashing engine looks to tools/strength/match.py."""
import sys

for line in sys.stdin:
    command = line.split()
    if not command:
        continue
    if command[0] == "genmove":
        sys.exit(1)
    print("=\n", flush=True)
