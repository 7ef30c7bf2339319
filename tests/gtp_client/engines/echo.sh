#!/bin/sh
# A well-behaved GTP engine for the client tests: answers every command with its own
# arguments (`7 echo a b` gets `=7 a b`), `fail` with `? failed as asked`, and `quit`.
while read -r id command rest; do
  case "$command" in
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    fail) printf '?%s failed as asked\n\n' "$id" ;;
    multiline) printf '=%s first\nsecond\nthird\n\n' "$id" ;;
    *) printf '=%s %s\n\n' "$id" "$rest" ;;
  esac
done
