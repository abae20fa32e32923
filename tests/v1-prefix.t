#!/bin/sh
# v1-prefix.t: an old-format trace's time prefix (decode/v1/prefix.c, the
# first frame of a big file) holds exactly the whole load's events before
# its time T, in the same order and with the same (real) times, events of
# every P that has any before T (tests/unit/v1_prefix.c), for prefixes of
# a few batches and of most of a trace, on the fixtures and the corpus.
set -u
: "${GT_BUILD:?run through make test}"
P=$GT_BUILD/tests/v1_prefix
cd "$(dirname "$0")/.." || exit 1
set -- tests/fixtures/v1/*.trace
for f in "${GT_CORPUS:-/nonexistent}"/v1/*.trace "${GT_CORPUS:-/nonexistent}"/servers/*_go119.trace; do
	[ -f "$f" ] && set -- "$@" "$f"
done
echo 1..3
i=0
for bytes in 25000 200000 1000000; do
	i=$((i + 1))
	if out=$("$P" $bytes "$@" 2>&1); then
		echo "ok $i - a time prefix of $bytes bytes: the whole's events before T ($# traces)"
	else
		echo "not ok $i - a time prefix of $bytes bytes: the whole's events before T"
	fi
	printf '%s\n' "$out" | grep -v ': 0 differ$'
	# how far the prefixes went, on the traces that were cut
	printf '%s\n' "$out" | grep -v ' \([0-9]*\) of \1 events' | grep ': 0 differ$'
done
