#!/usr/bin/env bash
# tools/strength/match.py end to end (`ctest -L strength`): two short 9x9 games of tengen
# against GNU Go level 1, counted by tengen's referee and checked by GNU Go; then each side
# in turn replaced by an engine that dies at its first genmove: engine A dying loses, engine
# B (the reference engine A is measured against) dying leaves the game unscored; and a game
# whose count a second counter disputes (it calls every position a draw) is played on with
# kgs-genmove_cleanup before it is counted (--settle-disputes). Each game's per-move log
# (gameNNN.moves.jsonl) holds its genmoves with their CPU time and tengen's playouts. With
# PACHI set (a Pachi binary, docs/strength.md), one short game against it through
# tools/strength/run_pachi.sh too; without, that part is skipped.
# Usage: match_smoke.sh TENGEN_BINARY
set -euo pipefail
tengen=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

match() {
  python3 "$root/tools/strength/match.py" --size 9 --komi 7 --rules chinese \
    --referee "$tengen gtp --rules chinese --komi 7" --timeout 120 "$@" >/dev/null
}
gnugo="/usr/games/gnugo --mode gtp --level 1 --chinese-rules --komi 7 --seed {seed}"
bot="$tengen gtp --rules chinese --komi 7 --playouts 300 --seconds 0 --threads 1 --seed {seed}"
dies="python3 $root/tests/strength/dies_on_genmove.py"

match --games 2 --a "$bot" --b "$gnugo" --check "/usr/games/gnugo --mode gtp --chinese-rules --komi 7" --keep-stderr --out "$out/real"
# Game 0: A is Black and moves first, so A's death is the first genmove; game 1 likewise B's.
match --games 1 --a "$dies" --b "$gnugo" --out "$out/a-dies"
match --games 1 --a "$bot" --b "$dies" --out "$out/b-dies"
# No resigning, so the game ends by passes and the referee names a winner the check disputes.
match --games 1 --a "$bot --resign 0" --b "$gnugo" --settle-disputes \
  --check "python3 $root/tests/strength/dissenting_counter.py" --out "$out/disputed"
if [ -n "${PACHI:-}" ]; then
  mkdir -p "$out/build/src/cli" && ln -s "$(realpath "$tengen")" "$out/build/src/cli/tengen"
  PACHI_PLAYOUTS=500 "$root/tools/strength/run_pachi.sh" 9 "$out/build" 300 1 "$out/pachi" >/dev/null
else
  echo "match_smoke: PACHI not set, the game against Pachi skipped"
fi

python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
def summary(name):
    return json.load(open(os.path.join(out, name, "summary.json")))
def games(name):
    return [json.loads(l) for l in open(os.path.join(out, name, "games.jsonl"))]
def check(ok, what):
    if not ok:
        sys.exit(f"match_smoke: {what}")

real = summary("real")
check(real["games"] == 2 and real["scored"] == 2, f"two scored games expected: {real}")
for g in games("real"):
    check(g["end"] in ("two passes", "B resigned", "W resigned", "move cap"), f"odd end: {g}")
    check(os.path.exists(os.path.join(out, "real", f"game{g['game']:03d}.sgf")), "no SGF")
    if g["end"] == "two passes":
        for score in (g["referee"], g["gnugo"]):
            check(score and not score.startswith("error"), f"a finished game not counted: {g}")
        check(not g["disagree"], f"the referee and GNU Go name different winners: {g}")

    moves = [json.loads(l) for l in
             open(os.path.join(out, "real", f"game{g['game']:03d}.moves.jsonl"))]
    played = [m for m in moves if m["move"].lower() != "resign"]
    check(len(played) == g["moves"], f"one log entry per move expected: {len(played)} {g}")
    ours = [m for m in moves if m["engine"] == "A" and m["move"].lower() != "resign"]
    check(ours and all(m["playouts"] is not None and m["cpu"] is not None
                       for m in ours), f"tengen's playouts and CPU time per move: {ours[:3]}")
check(real["effort_a"]["playouts_per_cpu_second"], f"tengen's playouts per CPU-second: {real}")

if os.environ.get("PACHI"):
    pachi = summary("pachi")
    check(pachi["scored"] == 1 and pachi["effort_b"]["playouts_mean"],
          f"one scored game against Pachi, with Pachi's playouts read: {pachi}")

a_dies = games("a-dies")[0]
check(a_dies["outcome"] == "loss" and a_dies["end"].startswith("B failed"),
      f"engine A dying must lose: {a_dies}")
b_dies = games("b-dies")[0]
b_summary = summary("b-dies")
check(b_dies["outcome"] == "?" and "no result" in b_dies["end"] and b_summary["scored"] == 0,
      f"engine B dying must leave the game unscored: {b_dies} {b_summary}")
disputed = games("disputed")[0]
settled = disputed.get("settled")
check(settled is not None, f"a count the check disputes must be played out: {disputed}")
check(settled["gnugo"] == "0" and settled["referee"] not in (None, "0") and settled["moves"] >= 2,
      f"the dispute's first counts and at least two more passes expected: {settled}")
check(disputed["end"] == "two passes, after a disputed count played out"
      and disputed["referee"] and not disputed["referee"].startswith("error")
      and disputed["outcome"] in ("win", "loss"),
      f"a played-out dispute is counted by the referee: {disputed}")
check(summary("disputed")["disputes_played_out"] == [0], "the summary lists the dispute")
print("match_smoke: ok")
PY
