#!/usr/bin/env bash
# Installs what is needed, builds, and starts tengen. Until the game site lands this
# starts the GTP engine on standard input and output (try: list_commands, showboard).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/src/cli/tengen gtp "$@"
