#!/bin/sh
# Answers `name`, then never answers again, and has a child of its own: the time-out must
# kill both (the process group).
sleep 1000 &
read -r id command rest
printf '=%s silent\n\n' "$id"
while read -r line; do :; done
wait
