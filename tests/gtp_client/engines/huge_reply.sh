#!/bin/sh
# Answers with a reply of 200000 bytes on one line (the client's cap is smaller).
while read -r id command rest; do
  printf '=%s ' "$id"
  head -c 200000 /dev/zero | tr '\0' 'x'
  printf '\n\n'
done
