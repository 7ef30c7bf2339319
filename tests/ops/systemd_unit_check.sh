#!/bin/sh
# docs/systemd/tengen.service passes `systemd-analyze verify`, with its ExecStart pointed at
# the tengen just built (the unit names the installed /usr/local/bin/tengen).
# Usage: systemd_unit_check.sh TENGEN_BINARY SOURCE_DIR. Exit 77 (skipped) without systemd.
set -eu
tengen=$1
source=$2
command -v systemd-analyze >/dev/null 2>&1 || { echo "no systemd-analyze: skipped"; exit 77; }
dir=$(mktemp -d /tmp/tengen-ops-systemd-XXXXXX)
trap 'rm -rf "$dir"' EXIT
grep -q '^ExecStart=/usr/local/bin/tengen serve ' "$source/docs/systemd/tengen.service"
sed "s|/usr/local/bin/tengen|$tengen|" "$source/docs/systemd/tengen.service" >"$dir/tengen.service"
# verify prints its findings and may still exit 0: any line at all is a finding.
out=$(systemd-analyze verify "$dir/tengen.service" 2>&1) || { echo "$out"; exit 1; }
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "docs/systemd/tengen.service: systemd-analyze verify is silent"
