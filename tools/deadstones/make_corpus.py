#!/usr/bin/env python3
"""Generates the dead-stone corpus: finished GNU Go 3.8 self-play games with GNU Go's own
verdict on them (final_status_list dead / seki / black_territory / white_territory / dame and
final_score).

Each game is planned from (size, index) alone, so a rerun produces the same games and a
restart resumes where the manifest stops. Black and White are separate GNU Go processes at
their own levels and seeds (different levels make different games); a third process at
level 10, the judge, replays the finished game and answers final_status_list and
final_score. Games end with two consecutive passes; a game reaching 3*size*size moves, or a
resignation, is dropped (and remembered as dropped, so a restart does not replay it).

Output, under --out (tests/data/deadstones by default):
  <size>x<size>-<index>.sgf   the game: SZ, KM, RU, PB/PW with the levels, the moves, RE
  manifest.tsv                one line per kept game, appended as each finishes (see README)
  dropped.tsv                 games dropped, with the reason

--add-counts fills the territory and dame columns of manifest lines written before those
columns existed, by replaying each game with the judge (and checks its score again).

Python 3 standard library only.
"""

import argparse
import fcntl
import os
import random
import subprocess
import sys
import time

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
MANIFEST_HEADER = ("file\tsize\trules\tkomi\tdead\tseki\tfinal_score\tblack_level\twhite_level"
                   "\tmoves\tseconds\tblack_territory\twhite_territory\tdame\n")
# GNU Go's classification of the empty points, kept so the test can check GNU Go's count
# against its own statuses (tests/bot/dead_stone_corpus_test.cpp).
COUNT_LISTS = ("black_territory", "white_territory", "dame")


class Engine:
    """One GNU Go process over GTP on pipes."""

    def __init__(self, level, seed, chinese):
        # GNU Go's genmove resigns when far behind: the corpus wants finished games.
        argv = [GNUGO, "--mode", "gtp", "--level", str(level), "--seed", str(seed),
                "--never-resign"]
        if chinese:
            argv.append("--chinese-rules")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo exited during: " + command)
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError("gnugo refused %r: %s" % (command, reply))
        return reply[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        self.proc.wait(timeout=10)


def plan(size, index):
    """Rules, komi, levels, seeds and random opening of one game, from (size, index) only."""
    rng = random.Random("%d-%d" % (size, index))
    chinese = index % 2 == 1
    komi = rng.choice([7.5, 7.5, 6.5, 0.5]) if chinese else rng.choice([6.5, 6.5, 7.5, 0.5])
    top = {9: 3, 13: 1, 19: 2}[size]
    levels = (rng.randint(1, top), rng.randint(1, top))
    seeds = (rng.randint(1, 10**6), rng.randint(1, 10**6))
    # A few random first moves away from the edge make the many games of one board size
    # differ more than GNU Go's seeds alone would.
    opening = []
    for _ in range(rng.randint(0, 2)):
        while True:
            point = (rng.randint(2, size - 3), rng.randint(2, size - 3))
            if point not in opening:
                opening.append(point)
                break
    return chinese, komi, levels, seeds, opening


def gtp_vertex(size, point):
    col, row = point
    return "%s%d" % (COLUMNS[col], row + 1)


def sgf_point(size, vertex):
    col = COLUMNS.index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def play_game(size, index, move_cap):
    chinese, komi, levels, seeds, opening = plan(size, index)
    engines = [Engine(levels[0], seeds[0], chinese), Engine(levels[1], seeds[1], chinese)]
    judge = None
    try:
        for engine in engines:
            engine.send("boardsize %d" % size)
            engine.send("clear_board")
            engine.send("komi %s" % komi)
        moves = []
        color = "B"
        for point in opening:
            vertex = gtp_vertex(size, point)
            for engine in engines:
                engine.send("play %s %s" % (color, vertex))
            moves.append((color, vertex))
            color = "W" if color == "B" else "B"
        passes = 0
        while passes < 2:
            if len(moves) >= move_cap:
                return None, "move cap %d reached" % move_cap
            mover = engines[0 if color == "B" else 1]
            other = engines[1 if color == "B" else 0]
            vertex = mover.send("genmove %s" % color).upper()
            if vertex == "RESIGN":
                return None, "%s resigned" % color
            other.send("play %s %s" % (color, vertex))
            moves.append((color, vertex))
            passes = passes + 1 if vertex == "PASS" else 0
            color = "W" if color == "B" else "B"
        judge = Engine(10, 1, chinese)
        verdict = judge_game(judge, size, komi, moves)
        return dict(chinese=chinese, komi=komi, levels=levels, moves=moves, **verdict), None
    finally:
        for engine in engines + ([judge] if judge else []):
            engine.close()


def judge_game(judge, size, komi, moves):
    """GNU Go level 10's verdict on the final position of `moves`."""
    judge.send("boardsize %d" % size)
    judge.send("clear_board")
    judge.send("komi %s" % komi)
    for c, v in moves:
        judge.send("play %s %s" % (c, v))
    verdict = dict(dead=sorted(judge.send("final_status_list dead").split()),
                   seki=sorted(judge.send("final_status_list seki").split()),
                   score=judge.send("final_score"))
    for name in COUNT_LISTS:
        verdict[name] = sorted(judge.send("final_status_list " + name).split())
    return verdict


def listed(vertices):
    return ",".join(vertices) or "-"


def read_moves(path, size):
    """The (colour, GTP vertex) moves of a write_sgf file."""
    with open(path) as f:
        text = f.read()
    moves = []
    for part in text.split(";")[2:]:
        color, point = part[0], part[2:part.index("]")]
        if point:
            col = ord(point[0]) - ord("a")
            row = size - (ord(point[1]) - ord("a"))
            moves.append((color, "%s%d" % (COLUMNS[col], row)))
        else:
            moves.append((color, "PASS"))
    return moves


def add_counts(out):
    """Fills the count columns of older manifest lines; the rest of each line is kept."""
    manifest = os.path.join(out, "manifest.tsv")
    with open(manifest) as f:
        lines = f.read().splitlines()
    result = [MANIFEST_HEADER.rstrip("\n")]
    for line in lines[1:]:
        fields = line.split("\t")
        if len(fields) < 14:
            name, size, rules, komi = fields[0], int(fields[1]), fields[2], fields[3]
            judge = Engine(10, 1, rules == "chinese")
            try:
                verdict = judge_game(judge, size, komi, read_moves(os.path.join(out, name), size))
            finally:
                judge.close()
            if (listed(verdict["dead"]), verdict["score"]) != (fields[4], fields[6]):
                raise RuntimeError("%s: the judge now says dead %s, %s" %
                                   (name, listed(verdict["dead"]), verdict["score"]))
            fields = fields[:11] + [listed(verdict[n]) for n in COUNT_LISTS]
            print(name, file=sys.stderr, flush=True)
        result.append("\t".join(fields))
    tmp = manifest + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(result) + "\n")
    os.replace(tmp, manifest)


def write_sgf(path, size, game):
    rules = "Chinese" if game["chinese"] else "Japanese"
    header = ("(;FF[4]GM[1]CA[UTF-8]AP[tengen make_corpus.py]SZ[%d]KM[%s]RU[%s]"
              "PB[GNU Go 3.8 level %d]PW[GNU Go 3.8 level %d]RE[%s]\n"
              % (size, game["komi"], rules, game["levels"][0], game["levels"][1],
                 game["score"] if game["score"] != "0" else "0"))
    body = []
    for i, (color, vertex) in enumerate(game["moves"]):
        point = "" if vertex == "PASS" else sgf_point(size, vertex)
        body.append(";%s[%s]" % (color, point))
    lines = [header]
    for i in range(0, len(body), 12):
        lines.append("".join(body[i:i + 12]) + "\n")
    lines.append(")\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("".join(lines))
    os.replace(tmp, path)


def append_locked(path, header, line):
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        if f.tell() == 0 and header:
            f.write(header)
        f.write(line)
        fcntl.flock(f, fcntl.LOCK_UN)


def done_files(out):
    done = set()
    for name in ("manifest.tsv", "dropped.tsv"):
        path = os.path.join(out, name)
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    done.add(line.split("\t", 1)[0])
    return done


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, choices=[9, 13, 19])
    parser.add_argument("--games", type=int, help="games to keep at this size")
    parser.add_argument("--first", type=int, default=0,
                        help="first game index, so several processes can share one size")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                      "tests", "data", "deadstones"))
    parser.add_argument("--add-counts", action="store_true",
                        help="fill the count columns of an existing manifest, then stop")
    args = parser.parse_args()
    if args.add_counts:
        add_counts(args.out)
        return
    if args.size is None or args.games is None:
        parser.error("--size and --games are required unless --add-counts")
    os.makedirs(args.out, exist_ok=True)
    manifest = os.path.join(args.out, "manifest.tsv")
    dropped = os.path.join(args.out, "dropped.tsv")
    size = args.size
    index = args.first
    kept = 0
    while kept < args.games:
        name = "%dx%d-%04d.sgf" % (size, size, index)
        index += 1
        done = done_files(args.out)
        if name in done:
            with open(manifest) as f:
                kept += any(line.startswith(name + "\t") for line in f)
            continue
        start = time.time()
        game, reason = play_game(size, index - 1, 3 * size * size)
        seconds = time.time() - start
        if game is None:
            append_locked(dropped, "", "%s\t%s\n" % (name, reason))
            print("%s dropped: %s" % (name, reason), file=sys.stderr, flush=True)
            continue
        write_sgf(os.path.join(args.out, name), size, game)
        line = "\t".join([name, str(size), "chinese" if game["chinese"] else "japanese",
                          str(game["komi"]), ",".join(game["dead"]) or "-",
                          ",".join(game["seki"]) or "-", game["score"],
                          str(game["levels"][0]), str(game["levels"][1]),
                          str(len(game["moves"])), "%.1f" % seconds]
                         + [listed(game[n]) for n in COUNT_LISTS]) + "\n"
        append_locked(manifest, MANIFEST_HEADER, line)
        kept += 1
        print("%s %s dead=%d %.1fs (%d/%d)" % (name, game["score"], len(game["dead"]), seconds,
                                              kept, args.games), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
