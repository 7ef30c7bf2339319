#!/usr/bin/env python3
"""Generates the training games of the learned move weights: GNU Go 3.8 self-play.

Game N of a size is planned from (size, N) alone: Black and White are two GNU Go processes at
--level with the seeds 2N+1 and 2N+2 (GNU Go breaks ties between equal moves by its seed, so
the games differ), Chinese rules, komi 7. A game ends with two passes, a resignation or
3*size*size moves. Existing files are kept, so a rerun resumes and regenerates only what is
missing; the same command on another machine gives the same games.

Output: <out>/<size>x<size>-<N>.sgf (SZ, KM, RU, PB/PW with level and seed, the moves, RE).

  python3 tools/patterns/make_corpus.py --size 19 --games 60 --out DIR [--level 10] [--jobs 2]

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Engine:
    """One GNU Go process over GTP on pipes."""

    def __init__(self, size, level, seed):
        argv = [GNUGO, "--mode", "gtp", "--level", str(level), "--seed", str(seed),
                "--chinese-rules", "--komi", "7"]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("boardsize %d" % size)
        self.send("clear_board")

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo exited during: " + command)
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = " ".join(lines)
        if not reply.startswith("="):
            raise RuntimeError("gnugo refused %r: %s" % (command, reply))
        return reply[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()


def sgf_point(vertex, size):
    """GTP vertex (D4) to SGF coordinates (dp); '' for a pass."""
    if vertex.lower() == "pass":
        return ""
    col = COLUMNS.index(vertex[0].upper())
    row = int(vertex[1:])
    return "abcdefghijklmnopqrstuvwxyz"[col] + "abcdefghijklmnopqrstuvwxyz"[size - row]


def play_game(size, index, level, out):
    path = os.path.join(out, "%dx%d-%04d.sgf" % (size, size, index))
    if os.path.exists(path):
        return path, "kept"
    seeds = {"B": 2 * index + 1, "W": 2 * index + 2}
    engines = {c: Engine(size, level, seeds[c]) for c in "BW"}
    moves = []
    result = ""
    passes = 0
    colour = "B"
    try:
        while len(moves) < 3 * size * size:
            vertex = engines[colour].send("genmove " + ("black" if colour == "B" else "white"))
            if vertex.lower() == "resign":
                result = ("W" if colour == "B" else "B") + "+R"
                break
            other = "W" if colour == "B" else "B"
            engines[other].send("play %s %s" % ("black" if colour == "B" else "white", vertex))
            moves.append((colour, sgf_point(vertex, size)))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            if passes == 2:
                result = engines["B"].send("final_score")
                break
            colour = other
    finally:
        for engine in engines.values():
            engine.close()
    record = ("(;GM[1]FF[4]CA[UTF-8]SZ[%d]KM[7]RU[Chinese]"
              "PB[GNU Go 3.8 level %d seed %d]PW[GNU Go 3.8 level %d seed %d]RE[%s]"
              % (size, level, seeds["B"], level, seeds["W"], result))
    record += "".join(";%s[%s]" % move for move in moves) + ")\n"
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(record)
    os.replace(tmp, path)  # a stopped run leaves no half-written game
    return path, "%d moves, %s" % (len(moves), result or "move cap")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, required=True, choices=[9, 13, 19])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--level", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    indices = range(args.first, args.first + args.games)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play_game, args.size, i, args.level, args.out) for i in indices]
        for future in concurrent.futures.as_completed(futures):
            path, what = future.result()
            print("%s: %s" % (path, what), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
