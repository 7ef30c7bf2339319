#!/usr/bin/env bash
# Installs what is needed, builds, and starts the tengen site on http://localhost:8080, with
# its games in tengen.db. Besides the built-in bots, GNU Go (installed by install-deps.sh)
# waits in the lobby for anyone who wants a game. Extra arguments go to `tengen serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/src/cli/tengen serve --port 8080 --web-root web \
  --bot "GNU Go[sizes=9,13,19]=/usr/games/gnugo --mode gtp --level 10" "$@"
