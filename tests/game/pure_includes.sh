#!/bin/sh
# The game core stays pure: no sockets, server threads, store or crypto. Its CMake target links
# none of them; this check keeps an include from bringing them in through the shared paths.
# Run from the repository root; prints the offending lines and fails if there are any.
if grep -rnE '#include [<"](boost/(asio|beast)|sodium|sqlite3|store/|server/|site/)' src/game; then
  echo "src/game must not include transport, store or crypto headers" >&2
  exit 1
fi
