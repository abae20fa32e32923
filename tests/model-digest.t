#!/bin/sh
# Every model query hashed (bench/digest.c: lanes, goroutine intervals,
# histories and columns, counts, ranges, metrics, MMU, tasks/regions/logs, samples,
# string uses): loading on one thread and on two must give the same model,
# whole and cut, v1 and v2, and so must the v2 orderer's record path
# (rec/rec.h) and delivery of every event to the loader's sink
# (GTVIEW_LOAD_RECS=0), on the fixtures and the corpus's traces.  Speed
# work moves work between the decoder and the model threads; this catches
# a model that depends on which.
set -u
: "${GT_BUILD:?run through make test}"
D=$GT_BUILD/bench/model-digest
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c 200000 tests/fixtures/esbuild_go126.trace > "$tmp/cut126.trace"
head -c 20000 tests/fixtures/blocked_go119.trace > "$tmp/cut119.trace"
set -- tests/fixtures/blocked_go119.trace tests/fixtures/esbuild_go126.trace \
	tests/fixtures/esbuild_go122.trace tests/fixtures/demo.trace "$tmp/cut126.trace" "$tmp/cut119.trace"
for f in "${GT_CORPUS:-/nonexistent}"/v1/* "${GT_CORPUS:-/nonexistent}"/v2/*; do
	[ -f "$f" ] && set -- "$@" "$f"
done
echo "1..$(($# * 3))"
i=0
# same A B TRACE WHAT: one TAP line, A's digests against B's
same() {
	i=$((i + 1))
	if cmp -s "$1" "$2"; then
		echo "ok $i - $(basename "$3"): $4"
	else
		echo "not ok $i - $(basename "$3"): not $4"
		diff "$1" "$2" | sed 's/^/# /'
	fi
}
parts="info procs threads goroutines gspans gcolumns gcounts ranges metrics mmu user samples strings history greasons all"
for f in "$@"; do
	GTVIEW_LOAD_THREADS=1 "$D" "$f" > "$tmp/one" 2>&1
	GTVIEW_LOAD_THREADS=2 "$D" "$f" > "$tmp/two" 2>&1
	GTVIEW_LOAD_THREADS=2 GTVIEW_LOAD_RECS=0 "$D" "$f" > "$tmp/events" 2>&1
	i=$((i + 1))
	missing=""
	for p in $parts; do
		grep -q "^[^ ]* $p [0-9a-f]\{16\}$" "$tmp/one" || missing="$missing $p"
	done
	if [ -z "$missing" ]; then
		echo "ok $i - $(basename "$f"): every part hashed"
	else
		echo "not ok $i - $(basename "$f"): missing:$missing"
	fi
	same "$tmp/one" "$tmp/two" "$f" "one thread = two threads"
	same "$tmp/two" "$tmp/events" "$f" "record path = every event to the sink"
done
