#!/bin/sh
# Every model query hashed (bench/digest.c: lanes, goroutine intervals,
# histories and columns, counts, ranges, metrics, MMU, tasks/regions/logs, samples,
# string uses): loading on one thread and on two must give the same model,
# whole and cut, v1 and v2, and so must the v2 orderer's record path
# (rec/rec.h) and delivery of every event to the loader's sink
# (GTVIEW_LOAD_RECS=0), on the fixtures and the corpus's traces.  Speed
# work moves work between the decoder and the model threads; this catches
# a model that depends on which.  Under ASan (make asan) the corpus part is
# a cover: one trace of each header version (its largest, so the most
# kinds of events), and of a trace over 2 MB its first 2 MB, which take
# every part of that version's decoder and model through the sanitizers
# without the same events again by the million (a cut end too, as the
# fixtures' cuts); fixtures in full.  The plain build takes every corpus
# trace whole.
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
asan=0
grep -q __asan_init "$D" 2>/dev/null && asan=1
seen=""
# shellcheck disable=SC2012 # names without spaces: largest first
for f in $(ls -S "${GT_CORPUS:-/nonexistent}"/v1/* "${GT_CORPUS:-/nonexistent}"/v2/* 2>/dev/null); do
	[ -f "$f" ] || continue
	if [ $asan = 1 ]; then
		v=$(head -c 16 "$f" | tr -d '\0')
		case $seen in *"|$v|"*) continue ;; esac
		seen="$seen|$v|"
		if [ "$(wc -c < "$f")" -gt 2000000 ]; then
			head -c 2000000 "$f" > "$tmp/2mb-$(basename "$f")"
			f=$tmp/2mb-$(basename "$f")
		fi
	fi
	set -- "$@" "$f"
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
