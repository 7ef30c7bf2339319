#!/bin/sh
# Answers anything with text that is not GTP.
while read -r line; do printf 'hello\n\n'; done
