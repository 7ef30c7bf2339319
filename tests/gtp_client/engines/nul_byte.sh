#!/bin/sh
# Answers with a NUL byte inside the reply text.
while read -r id command rest; do printf '=%s C\0003\n\n' "$id"; done
