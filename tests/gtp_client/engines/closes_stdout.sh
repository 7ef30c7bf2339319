#!/bin/sh
# Answers `name`, then closes its standard output at the next command and keeps running.
read -r id command rest
printf '=%s half-dead\n\n' "$id"
read -r line
exec 1>&-
sleep 1000
