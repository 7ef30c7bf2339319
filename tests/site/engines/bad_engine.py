#!/usr/bin/env python3
"""A GTP engine that misbehaves on purpose, for the site's bot tests.

Usage: bad_engine.py MODE, where MODE says what `genmove` does:
  crash     the process kills itself with SIGSEGV
  nonsense  answers text that is not GTP
  illegal   answers A1 whatever the board (illegal once A1 is taken)
  hang      never answers
  refuse    answers `boardsize` with an error (a setup command refused)
Every other command gets an empty success, so the engine looks healthy until then.
"""
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "hang"
COMMANDS = ["protocol_version", "name", "version", "list_commands", "boardsize",
            "clear_board", "komi", "play", "genmove", "quit", "final_status_list",
            "set_free_handicap", "place_free_handicap", "time_settings", "time_left"]


def reply(ident, text="", ok=True):
    sys.stdout.write(("=" if ok else "?") + ident + (" " + text if text else "") + "\n\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    ident = ""
    if words[0].isdigit():
        ident, words = words[0], words[1:]
    command = words[0] if words else ""
    if command == "quit":
        reply(ident)
        break
    if command == "list_commands":
        reply(ident, "\n".join(COMMANDS))
    elif command == "name":
        reply(ident, "bad engine " + MODE)
    elif command == "protocol_version":
        reply(ident, "2")
    elif command == "boardsize" and MODE == "refuse":
        reply(ident, "unacceptable size", ok=False)
    elif command == "genmove":
        if MODE == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif MODE == "nonsense":
            sys.stdout.write("hello there, I am not GTP\n\n")
            sys.stdout.flush()
        elif MODE == "illegal":
            reply(ident, "A1")
        else:
            time.sleep(3600)
    else:
        reply(ident)
