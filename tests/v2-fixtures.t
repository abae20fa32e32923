#!/bin/sh
# The v2 reader on the project's own esbuild traces (tests/fixtures/):
# golden figures, dump/stats agreement, and traces cut at many places.
set -u
: "${GTVIEW:?run through make test}"
exec python3 "$(dirname "$0")/tools/v2-fixtures.py"
