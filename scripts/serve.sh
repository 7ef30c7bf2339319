#!/usr/bin/env bash
# Installs what is needed, builds, and starts the tengen site on http://localhost:8080.
# Until the game rooms of issue #3 land the site offers the web client's demo board and the
# Rules page; the engine itself is reachable with `build/src/cli/tengen gtp`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/src/cli/tengen serve --port 8080 --web-root web "$@"
