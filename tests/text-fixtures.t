#!/bin/sh
# The project's own small text traces (tests/fixtures/text/*.test), written
# by hand to cover goroutines, procs, syscalls, GC/STW ranges, tasks,
# regions, logs, stacks and strings: assembled, then checked against their
# "-- expect --" (see tests/text-expect.py).
set -u
: "${GTVIEW:?run through make test}"
exec python3 "$(dirname "$0")/text-expect.py" "$(dirname "$0")"/fixtures/text/*.test
