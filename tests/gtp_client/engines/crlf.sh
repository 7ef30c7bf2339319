#!/bin/sh
# Answers with CR LF line ends and without ids, both allowed by GTP 2 (section 2.10).
while read -r id command rest; do printf '= %s\r\n\r\n' "$rest"; done
