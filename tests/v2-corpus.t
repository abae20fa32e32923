#!/bin/sh
# Every Go 1.22+ trace of the corpus (v2/ and truncated/): `gtview stats
# --json` equals Go's figures (expected/oracle) in every field, and `gtview
# dump` equals Go's event stream (expected/dump) where the corpus has it.
set -u
: "${GTVIEW:?run through make test}"
if ! ls "${GT_CORPUS:-/nonexistent}"/v2/*.trace >/dev/null 2>&1; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec python3 "$(dirname "$0")/tools/v2-corpus.py"
