#!/bin/sh
# gt_model_load decodes on one thread and builds the model on another
# (traces over 1 MiB on 2+ CPUs); GTVIEW_LOAD_THREADS=1 / =2 force either
# way.  Both must give the same model: same goroutine rows, blocked groups
# and GC figures, on the committed fixtures (v1 and v2, whole and cut).
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- tests/fixtures/blocked_go119.trace tests/fixtures/esbuild_go126.trace \
	tests/fixtures/esbuild_go122.trace
echo "1..$(($# * 3 + 1))"
i=0
for f in "$@"; do
	for c in "goroutines --json" "goroutines --blocked --json" "gc --json"; do
		i=$((i + 1))
		GTVIEW_LOAD_THREADS=1 $GTVIEW $c "$f" > "$tmp/one" 2>&1
		GTVIEW_LOAD_THREADS=2 $GTVIEW $c "$f" > "$tmp/two" 2>&1
		if [ -s "$tmp/one" ] && cmp -s "$tmp/one" "$tmp/two"; then
			echo "ok $i - $c $(basename "$f"): one thread = two threads"
		else
			echo "not ok $i - $c $(basename "$f")"
		fi
	done
done
# a trace cut in the middle: the rows before the cut, exit status 1
i=$((i + 1))
head -c 340000 tests/fixtures/demo.trace > "$tmp/cut.trace"
GTVIEW_LOAD_THREADS=2 $GTVIEW goroutines --json "$tmp/cut.trace" > "$tmp/cut" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && [ -s "$tmp/cut" ] && grep -q offset "$tmp/err"; then
	echo "ok $i - cut trace: rows kept, exit 1, error with offset"
else
	echo "not ok $i - cut trace (exit $rc)"
	sed 's/^/# /' "$tmp/err"
fi
