#!/usr/bin/env python3
"""The rank each built-in level plays at, from a chain of matches (calibrate_levels.sh).

Every link is a match between two neighbouring levels, the weaker one Black taking h
handicap stones with komi 0.5 (h = 0: even games, colours alternating, komi 7). On the
usual scale one handicap stone is one rank, and near an even game each further rank moves
the weaker side's chance by the KGS logistic with k = 0.85 for kyu players (1 rank: 70%), so
a link measures the rank gap

    gap = h + ln(q / (1 - q)) / 0.85,   q = the stronger side's share of the points,

with q kept off 0 and 1 by counting half a game for each side (20 wins of 20 read as 20.5 of
21). A link's stronger side is GNU Go 3.8 level 10, whose rank is --anchor, or a level an
earlier link placed; links against GNU Go avoid the inflated gaps of a program against a
weaker copy of itself.
The 95% ranges come from the Wilson interval of q.
With --shown (`tengen levels` output: name, playouts, seconds, rank, tab-separated) each
level's measured rank is set beside the rank the site shows, and a link played at other
playouts than the level has now is named, so the roster and its measurements cannot drift
apart unseen. Python 3 standard library only.
"""

import argparse
import json
import math
import os
import re
import sys

from match import wilson  # the same 95% Wilson interval as the match summaries

K = 0.85  # KGS: P(win) = 1 / (1 + exp(-K * rank gap)) for kyu players


def logit_gap(q):
    return math.log(q / (1 - q)) / K


def rank_value(text):
    """'8k' -> 22, '1k' -> 29, '1d' -> 30: one unit a rank, 30k at 0."""
    t = text.strip().lower()
    if len(t) < 2 or t[-1] not in "kd" or not t[:-1].isdigit():
        raise ValueError(f"a rank is like 8k or 2d, not {text!r}")
    n = int(t[:-1])
    return 30 - n if t[-1] == "k" else 29 + n


def rank_text(value):
    """The rank whose band [30 - k, 31 - k) holds `value` (as the site shows ranks)."""
    r = min(max(math.floor(value), 0), 38)  # ranks run from 30k to 9d
    return f"{30 - r}k" if r < 30 else f"{r - 29}d"


def link_gap(summary, stronger_is_a):
    """The rank gap a match summary (match.py's summary.json) measures, with its range."""
    n = summary["wins"] + summary["draws"] + summary["losses"]
    if n == 0:
        raise ValueError("a link has no scored game")
    a_points = summary["wins"] + 0.5 * summary["draws"]
    strong = a_points if stronger_is_a else n - a_points
    q = (strong + 0.5) / (n + 1)
    low, high = wilson(strong + 0.5, n + 1)
    h = summary.get("handicap", 0) or 0
    return h + logit_gap(q), h + logit_gap(low), h + logit_gap(high), strong, n


def read_shown(path):
    """`tengen levels` lines -> {name: (playouts, rank text)}."""
    shown = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 4 or not fields[1].isdigit():
                raise ValueError(f"{path}:{number}: expected NAME, PLAYOUTS, SECONDS and RANK "
                                 f"separated by tabs, got {line!r}")
            shown[fields[0]] = (int(fields[1]), fields[3])
    return shown


def played_playouts(summary):
    """The playouts the weaker level (engine A) played the link at, if its command says."""
    found = re.search(r"--playouts (\d+)", summary.get("a", ""))
    return int(found.group(1)) if found else None


def main():
    """Every refusal (a bad `tengen levels` line, a link with no scored game, a missing file)
    ends as one line on stderr and exit status 1, never as a traceback."""
    try:
        return run()
    except (ValueError, OSError) as error:
        print(f"level_ranks.py: {error}", file=sys.stderr)
        return 1


def run():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--anchor", default="8k", help="GNU Go 3.8 level 10's rank (default 8k)")
    p.add_argument("--out", required=True, help="calibrate_levels.sh's output folder")
    p.add_argument("--shown", help="`tengen levels` output, to compare the ranks with")
    args = p.parse_args()
    shown = read_shown(args.shown) if args.shown else {}
    with open(os.path.join(args.out, "links.json")) as f:
        links = json.load(f)
    anchor = rank_value(args.anchor)
    # Each level's rank and range by name; a link's stronger side is GNU Go (the anchor) or a
    # level an earlier link has placed.
    placed = {"GNU Go": (anchor, anchor, anchor)}
    rows = [("GNU Go 3.8 level 10", rank_text(anchor), "anchor", "")]
    differences = []
    for link in links:
        if link["stronger"] not in placed:
            raise ValueError(f"link {link['folder']}: {link['stronger']} is not placed yet")
        with open(os.path.join(args.out, link["folder"], "summary.json")) as f:
            summary = json.load(f)
        try:
            gap, gap_low, gap_high, strong, n = link_gap(summary, link["stronger_is_a"])
        except ValueError as error:
            raise ValueError(f"link {link['folder']}: {error}") from None
        base, base_low, base_high = placed[link["stronger"]]
        value, low, high = base - gap, base_low - gap_high, base_high - gap_low
        placed[link["weaker"]] = (value, low, high)
        h = summary.get("handicap", 0) or 0
        how = f"{h} stones" if h else "even"
        rows.append((link["weaker"], rank_text(value),
                     f"{strong:g}/{n} for {link['stronger']} ({how}): gap {gap:.1f}",
                     f"{rank_text(high)}..{rank_text(low)}"))
        if link["weaker"] in shown:
            playouts, shown_rank = shown[link["weaker"]]
            played = played_playouts(summary)
            if playouts and played is not None and played != playouts:
                differences.append(f"{link['weaker']} played {link['folder']} at {played} "
                                   f"playouts and now plays {playouts}: play it again")
            if shown_rank != rank_text(value):
                differences.append(f"{link['weaker']} is shown as {shown_rank} and measured "
                                   f"{rank_text(value)}")
    width = max(len(r[0]) for r in rows)
    for name, rank, how, span in rows:
        print(f"{name:<{width}}  {rank:>4}  {span:>9}  {how}")
    if args.shown:
        missing = sorted(set(shown) - {link["weaker"] for link in links})
        differences += [f"{name} is shown as {shown[name][1]} and no link measures it"
                        for name in missing]
        if differences:
            print("Differs from `tengen levels` (builtinBots in src/site/bots/bot_roster.cpp):")
            for line in differences:
                print(f"  {line}")
        else:
            print("Every level is shown at the rank measured here.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
