#!/bin/sh
# Writes 4 MB to stderr before each answer: far more than a pipe holds, so the client must
# drain stderr while it waits for the reply.
while read -r id command rest; do
  yes "noise on stderr" | head -c 4000000 >&2
  echo "last line of stderr" >&2
  printf '=%s C3\n\n' "$id"
done
