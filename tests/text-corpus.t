#!/bin/sh
# Go's own trace tests (corpus text/*.test, golang/exp trace/testdata/tests):
# each is assembled from its text form, then `gtview check` must give what
# its "-- expect --" says (see tests/text-expect.py).
set -u
: "${GTVIEW:?run through make test}"
dir="${GT_CORPUS:-/nonexistent}/text"
if ! ls "$dir"/*.test >/dev/null 2>&1; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec python3 "$(dirname "$0")/text-expect.py" "$dir"/*.test
