#!/usr/bin/env python3
"""Plays a match between two GTP engines and writes each game's SGF and a summary.

Colours alternate: engine A is Black in even-numbered games, White in odd ones (--a-colour
fixes A's colour instead). With --handicap N every engine, the referee and the check place N
fixed handicap stones (GTP fixed_handicap, which must give all of them the same points) and
White moves first. A game ends
on two consecutive passes, a resignation, or the move cap; engine A failing a genmove
(an error, no answer, a crash) loses on the spot, while engine B, the reference it is
measured against, failing one leaves the game without a result (unscored: B's crash says
nothing of A's strength; GNU Go 3.8 crashes on some 19x19 positions). When one engine refuses the other's
move, the referee decides: a move illegal under its rules (a superko repetition that an
engine knowing only simple ko played, say) loses for its player, else the refuser loses.
Finished games are counted by a
referee (`tengen gtp` under the same rules replaying the moves: final_score) and the count
is cross-checked with GNU Go's final_score when --check is given (disagreements are
reported). With --settle-disputes, two passes that leave the two counts naming different
winners do not end the game: both engines play on with kgs-genmove_cleanup until two more
passes, and the game is counted then. Every game leaves its SGF and a per-game log
(gameNNN.moves.jsonl: each genmove's move, wall and CPU seconds, and, with --keep-stderr, the
playouts the engine reported: tengen's and Pachi's formats are known). Python 3 standard
library only.

Example (see run_9x9.sh):
  tools/strength/match.py --games 40 --size 9 --komi 7 --rules chinese \
    --a "build/src/cli/tengen gtp --rules chinese --komi 7 --playouts 12000 --threads 1" \
    --b "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --komi 7" \
    --referee "build/src/cli/tengen gtp --rules chinese --komi 7" \
    --check "/usr/games/gnugo --mode gtp --chinese-rules" --out /tmp/match9 --parallel 2
"""

import argparse
import concurrent.futures
import contextlib
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class EngineError(Exception):
    pass


# What an engine's stderr says of the search behind its last genmove, by engine:
# tengen's one genmove line ("playouts=N ... reused=R"), Pachi's "*** WINNER is ... (w/N games)"
# with "<pre-simulated R games>" when it reused a tree (its N counts those too).
PLAYOUT_PATTERNS = [
    (re.compile(r"genmove .*\bplayouts=(\d+)"), re.compile(r"\breused=(\d+)"), False),
    (re.compile(r"\*\*\* WINNER is .*\(\d+/(\d+) games\)"),
     re.compile(r"<pre-simulated (\d+) games>"), True),
]


def search_effort(text):
    """(playouts, reused) reported in an engine's stderr `text` for one genmove; playouts
    are the simulations of this move alone. None where the engine said nothing we know."""
    for total, reused, includes_reused in PLAYOUT_PATTERNS:
        found = total.findall(text)
        if not found:
            continue
        playouts = int(found[-1])
        kept = reused.findall(text)
        carried = int(kept[-1]) if kept else 0
        return (playouts - carried if includes_reused else playouts), carried
    return None, None


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class Engine:
    """One GTP engine process; every command waits at most `timeout` seconds. With
    `stderr_path` its stderr goes to that file (appended), and genmove() reports what the
    engine wrote there about its search."""

    def __init__(self, command, timeout, stderr_path=None):
        self.command = command
        self.timeout = timeout
        self.stderr_path = stderr_path
        self.stderr_seen = 0
        try:
            err = open(stderr_path, "a") if stderr_path else subprocess.DEVNULL
            try:
                self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=err,
                                             text=True, bufsize=1)
            finally:
                if stderr_path:
                    err.close()
        except OSError as e:
            raise EngineError(f"cannot start {command!r}: {e}")

    def cpu_seconds(self):
        """User plus system CPU time of the engine process so far (Linux /proc; None
        elsewhere). Wrappers such as nice and env exec the engine, so the pid is its own."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            return None

    def new_stderr(self):
        """What the engine wrote to its stderr file since the last call ("" without one)."""
        if not self.stderr_path:
            return ""
        try:
            with open(self.stderr_path, errors="replace") as f:
                f.seek(self.stderr_seen)
                text = f.read()
                self.stderr_seen = f.tell()
                return text
        except OSError:
            return ""

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{line!r}: engine gone ({e})")
        result = {}

        def read():
            lines = []
            while True:
                text = self.proc.stdout.readline()
                if text == "":
                    break
                text = text.rstrip("\r\n")
                if text == "" and lines:
                    break
                if text == "" and not lines:
                    continue
                lines.append(text)
            result["lines"] = lines

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(self.timeout)
        if reader.is_alive():
            self.close()
            raise EngineError(f"{line!r}: no answer within {self.timeout} s")
        lines = result.get("lines", [])
        if not lines:
            raise EngineError(f"{line!r}: engine closed its output")
        head = lines[0]
        if head.startswith("="):
            return "\n".join([head[1:].strip()] + lines[1:]).strip()
        raise EngineError(f"{line!r}: {' '.join(lines)}")

    def close(self):
        try:
            if self.proc.poll() is None:
                try:
                    self.proc.stdin.write("quit\n")
                    self.proc.stdin.flush()
                except OSError:
                    pass
                try:
                    self.proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        except Exception:
            pass


def sgf_point(vertex, size):
    v = vertex.upper()
    col = LETTERS.index(v[0])
    row = int(v[1:])
    return "abcdefghijklmnopqrstuvwxy"[col] + "abcdefghijklmnopqrstuvwxy"[size - row]


def write_sgf(path, size, komi, rules, black, white, stones, moves, result):
    body = [f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]RU[{rules}]"
            f"PB[{black}]PW[{white}]RE[{result}]"]
    if stones:
        body.append(f"HA[{len(stones)}]AB" + "".join(f"[{sgf_point(v, size)}]" for v in stones))
    for colour, vertex in moves:
        point = "" if vertex.lower() == "pass" else sgf_point(vertex, size)
        body.append(f";{colour}[{point}]")
    body.append(")\n")
    with open(path, "w") as f:
        f.write("".join(body))


def new_board(engine, size, komi, handicap=0):
    """Sets up an empty board (with `handicap` fixed stones); returns the stones' vertices."""
    engine.send(f"boardsize {size}")
    engine.send("clear_board")
    engine.send(f"komi {komi}")
    if handicap < 2:
        return []
    return sorted(engine.send(f"fixed_handicap {handicap}").upper().split())


@contextlib.contextmanager
def replayed(command, size, komi, moves, timeout, handicap=0):
    """An engine started with `command` that has played `moves` on a new board (with
    `handicap` fixed stones), closed on leaving; EngineError if it refuses any of it."""
    engine = Engine(command, timeout)
    try:
        new_board(engine, size, komi, handicap)
        for colour, vertex in moves:
            engine.send(f"play {colour} {vertex}")
        yield engine
    finally:
        engine.close()


def replay_score(command, size, komi, moves, timeout, handicap=0):
    """final_score from an engine that replays the moves, or "error: ..." if it fails."""
    try:
        with replayed(command, size, komi, moves, timeout, handicap) as engine:
            return engine.send("final_score")
    except EngineError as e:
        return f"error: {e}"


def illegal_under_referee(command, size, komi, moves, colour, vertex, timeout, handicap=0):
    """The referee's refusal of `colour vertex` after `moves`, or None if it accepts it."""
    with replayed(command, size, komi, moves, timeout, handicap) as engine:
        try:
            engine.send(f"play {colour} {vertex}")
        except EngineError as e:
            return str(e)
        return None


def winner_of(score):
    s = (score or "").strip().upper()
    if s.startswith("B+"):
        return "B"
    if s.startswith("W+"):
        return "W"
    if s in ("0", "DRAW", "JIGO"):
        return "draw"
    return None


def a_plays_black(index, args):
    if args.a_colour == "alternate":
        return index % 2 == 0
    return args.a_colour == "black"


def play_game(index, args):
    a_black = a_plays_black(index, args)
    # "{seed}" in a command becomes a per-game number, so deterministic engines do not
    # replay the same game.
    cmd_a = args.a.replace("{seed}", str(index + 1))
    cmd_b = args.b.replace("{seed}", str(index + 1))
    cmd_black, cmd_white = (cmd_a, cmd_b) if a_black else (cmd_b, cmd_a)
    name_black, name_white = (args.name_a, args.name_b) if a_black else (args.name_b, args.name_a)
    engines = {}
    moves = []
    seconds = {"B": [], "W": []}
    cpu_seconds = {"B": [], "W": []}  # CPU time of each genmove (None: not measurable)
    log = []  # one entry per genmove: the per-game log written beside the SGF
    stones = []
    end = winner = None
    no_result = False
    settled = None
    counted = None  # the referee's and GNU Go's counts of the moves, once made

    def play(colour, genmove):
        """Plays from `colour` with the `genmove` command until the game ends; returns the
        colour to move next."""
        nonlocal end, winner, no_result
        passes = 0
        while True:
            if len(moves) >= args.max_moves:
                end = "move cap"
                return colour
            other = "W" if colour == "B" else "B"
            engines[colour].new_stderr()  # what came before this genmove is not its
            cpu_before = engines[colour].cpu_seconds()
            start = time.monotonic()
            try:
                vertex = engines[colour].send(f"{genmove} {colour}").split()[0]
            except (EngineError, IndexError) as e:
                end = f"{colour} failed: {e}"
                if (colour == "B") == a_black:
                    winner = other
                else:
                    end += " (the reference engine: no result)"
                    no_result = True
                return colour
            seconds[colour].append(time.monotonic() - start)
            cpu_after = engines[colour].cpu_seconds()
            cpu = (None if cpu_before is None or cpu_after is None
                   else round(cpu_after - cpu_before, 3))
            cpu_seconds[colour].append(cpu)
            playouts, reused = search_effort(engines[colour].new_stderr())
            log.append({"n": len(moves) + 1, "colour": colour, "move": vertex,
                        "command": genmove, "seconds": round(seconds[colour][-1], 3),
                        "cpu": cpu, "playouts": playouts, "reused": reused})
            if vertex.lower() == "resign":
                end, winner = f"{colour} resigned", other
                return colour
            try:
                engines[other].send(f"play {colour} {vertex}")
            except EngineError as e:
                illegal = illegal_under_referee(args.referee, args.size, args.komi, moves, colour,
                                                vertex, args.timeout, args.handicap)
                if illegal is None:
                    end, winner = f"{other} refused {colour} {vertex}: {e}", colour
                else:
                    end, winner = f"{colour} played {vertex}, illegal: {illegal}", other
                return colour
            moves.append((colour, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            colour = other
            if passes >= 2:
                end = "two passes"
                return colour

    try:
        try:
            stderr = (lambda colour: os.path.join(args.out, f"game{index:03d}-{colour}.stderr")
                      if args.keep_stderr else None)
            engines["B"] = Engine(cmd_black, args.timeout, stderr("B"))
            engines["W"] = Engine(cmd_white, args.timeout, stderr("W"))
            placed = [new_board(e, args.size, args.komi, args.handicap) for e in engines.values()]
            if placed[0] != placed[1]:
                raise EngineError(f"the engines placed different handicap stones: {placed}")
            stones = placed[0]
        except EngineError as e:
            return {"game": index, "error": f"setup failed: {e}"}
        next_colour = play("W" if stones else "B", "genmove")
        if args.settle_disputes and args.check and end == "two passes":
            # Two passes with the counters naming different winners: a dead group one of them
            # takes for alive. As under the Chinese and AGA rules (a dispute is played out) and
            # on KGS, both engines play on, capturing what they hold dead, and the game is
            # counted after two more passes. Area counting makes the extra moves free for
            # both sides: each stone played or captured inside a territory changes nothing.
            first = replay_score(args.referee, args.size, args.komi, moves, args.timeout,
                                 args.handicap)
            first_check = replay_score(args.check, args.size, args.komi, moves, args.timeout,
                                       args.handicap)
            if winner_of(first) == winner_of(first_check):
                counted = (first, first_check)
            else:
                before = len(moves)
                play(next_colour, "kgs-genmove_cleanup")
                settled = {"referee": first, "gnugo": first_check, "moves": len(moves) - before,
                           "end": end}
                if end == "two passes":
                    end = "two passes, after a disputed count played out"
    finally:
        for e in engines.values():
            e.close()
    referee = gnugo = None
    if winner is None and not no_result:
        if counted is not None:
            referee, gnugo = counted
        else:
            referee = replay_score(args.referee, args.size, args.komi, moves, args.timeout,
                                   args.handicap)
            if args.check:
                gnugo = replay_score(args.check, args.size, args.komi, moves, args.timeout,
                                     args.handicap)
        winner = winner_of(referee)
    if winner in ("B", "W"):
        result = f"{winner}+R" if referee is None else referee
    elif winner == "draw":
        result = "0"
    else:
        result = "?"
    a_colour = "B" if a_black else "W"
    outcome = "draw" if winner == "draw" else ("?" if winner is None else
                                               ("win" if winner == a_colour else "loss"))
    write_sgf(os.path.join(args.out, f"game{index:03d}.sgf"), args.size, args.komi, args.rules,
              name_black, name_white, stones, moves, result)
    b_colour = "W" if a_colour == "B" else "B"
    with open(os.path.join(args.out, f"game{index:03d}.moves.jsonl"), "w") as f:
        for entry in log:
            f.write(json.dumps(dict(entry, engine="A" if entry["colour"] == a_colour else "B"))
                    + "\n")
    return {
        "game": index, "a_colour": a_colour, "moves": len(moves), "end": end,
        "result": result, "referee": referee, "gnugo": gnugo,
        "disagree": bool(args.check and referee and gnugo and
                         winner_of(referee) != winner_of(gnugo)),
        "settled": settled,
        "outcome": outcome, "seconds_a": seconds[a_colour],
        "seconds_b": seconds[b_colour],
        "cpu_a": cpu_seconds[a_colour], "cpu_b": cpu_seconds[b_colour],
        "playouts_a": [e["playouts"] for e in log if e["colour"] == a_colour],
        "playouts_b": [e["playouts"] for e in log if e["colour"] == b_colour],
    }


def wilson(successes, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(games, args):
    done = [g for g in games if "outcome" in g]
    wins = sum(g["outcome"] == "win" for g in done)
    draws = sum(g["outcome"] == "draw" for g in done)
    losses = sum(g["outcome"] == "loss" for g in done)
    n = wins + draws + losses
    score = wins + 0.5 * draws
    low, high = wilson(score, n)
    times_a = [t for g in done for t in g["seconds_a"]]
    times_b = [t for g in done for t in g["seconds_b"]]

    def stats(ts):
        return {"mean": statistics.mean(ts) if ts else 0.0,
                "median": statistics.median(ts) if ts else 0.0, "moves": len(ts)}

    def effort(side):
        """Mean CPU seconds and playouts per genmove, and playouts per CPU second, over the
        moves where the engine reported both (None where it never did)."""
        pairs = [(c, p) for g in done
                 for c, p in zip(g.get(f"cpu_{side}", []), g.get(f"playouts_{side}", []))
                 if c is not None and p is not None]
        cpus = [c for g in done for c in g.get(f"cpu_{side}", []) if c is not None]
        cpu_total = sum(c for c, _ in pairs)
        return {"cpu_mean": statistics.mean(cpus) if cpus else None,
                "playouts_mean": statistics.mean(p for _, p in pairs) if pairs else None,
                "playouts_per_cpu_second": (sum(p for _, p in pairs) / cpu_total
                                            if cpu_total > 0 else None)}

    return {
        "a": args.a, "b": args.b, "size": args.size, "komi": args.komi, "rules": args.rules,
        "handicap": args.handicap, "a_colour": args.a_colour,
        "games": len(games), "scored": n, "wins": wins, "draws": draws, "losses": losses,
        "unscored": len(games) - n, "win_rate": score / n if n else 0.0,
        "wilson95": [low, high], "seconds_per_move_a": stats(times_a),
        "seconds_per_move_b": stats(times_b),
        "effort_a": effort("a"), "effort_b": effort("b"),
        "a_wins_as_black": sum(g["outcome"] == "win" and g["a_colour"] == "B" for g in done),
        "a_wins_as_white": sum(g["outcome"] == "win" and g["a_colour"] == "W" for g in done),
        "referee_gnugo_disagreements": [g["game"] for g in done if g.get("disagree")],
        "disputes_played_out": [g["game"] for g in done if g.get("settled")],
        "ends": {e: sum(g.get("end") == e for g in done)
                 for e in sorted({str(g.get("end")) for g in done})},
    }


def summarise_log(args):
    latest = {}
    with open(os.path.join(args.out, "games.jsonl")) as f:
        for line in f:
            g = json.loads(line)
            g.setdefault("seconds_a", [])
            g.setdefault("seconds_b", [])
            latest[g["game"]] = g
    summary = summarise([latest[k] for k in sorted(latest)], args)
    with open(os.path.join(args.out, "summary_of_log.json"), "w") as f:
        json.dump(summary, f, indent=2)
    print_summary(summary)
    return 0


def effort(summary, side):
    e = summary.get(f"effort_{side}") or {}
    show = lambda v, f: "?" if v is None else format(v, f)
    return (f"{show(e.get('cpu_mean'), '.3f')} / {show(e.get('playouts_mean'), '.0f')} / "
            f"{show(e.get('playouts_per_cpu_second'), '.0f')}")


def print_summary(summary):
    low, high = summary["wilson95"]
    print(f"A: {summary['wins']} wins, {summary['draws']} draws, {summary['losses']} losses "
          f"of {summary['scored']} scored games: {100 * summary['win_rate']:.1f}% "
          f"(95% Wilson {100 * low:.1f}-{100 * high:.1f}%); "
          f"A {summary['seconds_per_move_a']['mean']:.2f} s/move mean, "
          f"{summary['seconds_per_move_a']['median']:.2f} median; "
          f"B {summary['seconds_per_move_b']['mean']:.2f} s/move mean; "
          f"CPU s/move, playouts/move, playouts per CPU s: A {effort(summary, 'a')}, "
          f"B {effort(summary, 'b')}; "
          f"referee/gnugo disagreements: {summary['referee_gnugo_disagreements']}; "
          f"disputes played out: {summary.get('disputes_played_out', [])}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", help="GTP command of engine A (the one measured); {seed}: the game number")
    p.add_argument("--b", help="GTP command of engine B (the opponent)")
    p.add_argument("--name-a", default="A")
    p.add_argument("--name-b", default="B")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", default="7")
    p.add_argument("--rules", default="chinese", help="written into the SGF RU")
    p.add_argument("--handicap", type=int, default=0,
                   help="fixed handicap stones for Black (2-9; White moves first)")
    p.add_argument("--a-colour", choices=["alternate", "black", "white"], default="alternate",
                   help="engine A's colour in every game (default: alternating)")
    p.add_argument("--referee", help="GTP command that replays and scores")
    p.add_argument("--check", default="", help="second scorer, e.g. gnugo --mode gtp")
    p.add_argument("--settle-disputes", action="store_true",
                   help="when two passes leave the referee and --check naming different "
                        "winners, both engines play on with kgs-genmove_cleanup (capturing "
                        "what they hold dead) until two more passes, and the game is counted "
                        "then")
    p.add_argument("--max-moves", type=int, default=0, help="default: 3 * size * size")
    p.add_argument("--keep-stderr", action="store_true",
                   help="write each engine's stderr to gameNNN-B.stderr / -W.stderr in --out "
                        "(the per-game logs then also name each move's playouts)")
    p.add_argument("--timeout", type=float, default=600, help="seconds per GTP command")
    p.add_argument("--parallel", type=int, default=1)
    p.add_argument("--first", type=int, default=0,
                   help="number of the first game (its seed and colours), to replay or extend")
    p.add_argument("--out", required=True)
    p.add_argument("--summarise", action="store_true",
                   help="play nothing: summarise --out's games.jsonl, where a game played "
                        "again (--first) counts as its last entry")
    args = p.parse_args()
    if args.summarise:
        return summarise_log(args)
    if not (args.a and args.b and args.referee):
        p.error("--a, --b and --referee are required unless --summarise")
    if args.handicap == 1 or args.handicap < 0:
        p.error("--handicap: 0, or 2 stones or more")
    if args.max_moves <= 0:
        args.max_moves = 3 * args.size * args.size
    os.makedirs(args.out, exist_ok=True)
    games = []
    lock = threading.Lock()
    log = open(os.path.join(args.out, "games.jsonl"), "a")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.parallel)) as pool:
        futures = [pool.submit(play_game, i, args)
                   for i in range(args.first, args.first + args.games)]
        for future in concurrent.futures.as_completed(futures):
            g = future.result()
            with lock:
                games.append(g)
                log.write(json.dumps(g) + "\n")
                log.flush()
                s = summarise(games, args)
                print(f"game {g['game']}: A as {g.get('a_colour')} {g.get('outcome')} "
                      f"({g.get('result')}, {g.get('end')}, {g.get('moves')} moves)  "
                      f"total {s['wins']}-{s['draws']}-{s['losses']}", flush=True)
    summary = summarise(sorted(games, key=lambda g: g["game"]), args)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    print_summary(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
