#!/bin/sh
# Answers every command, `quit` included, but never exits on its own (not even at the end
# of its input): close() must kill it after the grace.
trap '' TERM INT HUP
while read -r id command rest; do printf '=%s\n\n' "$id"; done
while :; do sleep 1; done
