#!/bin/sh
# The corpus' bad/ inputs (fuzz corpora of Go's reader and gotraceui): each
# accepted or rejected as Go's parser does (expected/bad.json), none crashes.
set -u
: "${GTVIEW:?run through make test}"
if [ ! -f "${GT_CORPUS:-/nonexistent}/expected/bad.json" ]; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec python3 "$(dirname "$0")/tools/bad-corpus.py"
