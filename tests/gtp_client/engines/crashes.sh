#!/bin/sh
# Answers `name`; on `genmove` complains on stderr and dies of SIGSEGV mid-command.
while read -r id command rest; do
  case "$command" in
    genmove) echo "thinking hard about $rest" >&2; ulimit -c 0; kill -SEGV $$ ;;
    *) printf '=%s crasher\n\n' "$id" ;;
  esac
done
