#!/usr/bin/env bash
# Browser tests of web/: playwright-core (pinned in package-lock.json) drives Debian's
# /usr/bin/chromium; no browser is ever downloaded. Prints node's test summary.
# The site tests start the real server: $TENGEN_BINARY, else build/src/cli/tengen (so build
# first, as scripts/test.sh does).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ -f tests/e2e/package-lock.json ]; then
  npm ci --prefix tests/e2e --no-audit --no-fund --loglevel=error
else
  npm install --prefix tests/e2e --no-audit --no-fund --loglevel=error
fi
# Two files at a time: much of a browser test is waiting (servers, clocks, restarts), so two
# overlap well on two cores.
node --test --test-concurrency=2 tests/e2e/
