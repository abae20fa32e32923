#!/bin/sh
# Every model query hashed (bench/digest.c: lanes, goroutine intervals and
# columns, counts, ranges, metrics, MMU, tasks/regions/logs, samples,
# string uses): loading on one thread and on two must give the same model,
# whole and cut, v1 and v2.  Speed work moves model work between the
# decoder and model threads; this catches a model that depends on which.
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
echo "1..$(($# * 2))"
i=0
parts="info procs threads goroutines gspans gcolumns gcounts ranges metrics mmu user samples strings all"
for f in "$@"; do
	GTVIEW_LOAD_THREADS=1 "$D" "$f" > "$tmp/one" 2>&1
	GTVIEW_LOAD_THREADS=2 "$D" "$f" > "$tmp/two" 2>&1
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
	i=$((i + 1))
	if cmp -s "$tmp/one" "$tmp/two"; then
		echo "ok $i - $(basename "$f"): one thread = two threads"
	else
		echo "not ok $i - $(basename "$f"): one thread != two threads"
		diff "$tmp/one" "$tmp/two" | sed 's/^/# /'
	fi
done
