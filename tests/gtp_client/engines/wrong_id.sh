#!/bin/sh
# Answers every command with an id one higher than the one it was sent.
while read -r id command rest; do printf '=%s ok\n\n' "$((id + 1))"; done
