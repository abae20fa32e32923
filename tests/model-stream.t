#!/bin/sh
# model-stream.t: a trace read as it comes (model/stream.h, the viewer's
# path for pipes and `gtview -`) gives the model a load of the same bytes
# from a file gives: whole, through a real pipe at a set pace
# (tests/tools/pace-pipe.py), and cut at random points (the model of the
# truncated file); and every model it shows before the end, one per
# complete generation, is the model of a file cut at that generation's
# end (model-digest --stream checks each; see bench/digest.c).  An
# old-format trace's steps are loads of the bytes read so far: each is
# the model of the file truncated at that step's byte count (its chunks
# at most an eighth of the file, so that there are several).  A file
# loaded as the viewer loads it (a first model meanwhile) gives the same
# model, and an old-format file's first model is a time prefix.
set -u
: "${GT_BUILD:?run through make test}"
D=$GT_BUILD/bench/model-digest
PACE="python3 tests/tools/pace-pipe.py"
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- tests/fixtures/*.trace tests/fixtures/v1/*.trace
C=${GT_CORPUS:-/nonexistent}
for f in "$C"/v1/*_1_1[19]_good.trace "$C"/v1/stress_1_[57]_good.trace \
	"$C"/v1/stress_1_21_good.trace "$C"/v1/http_1_5_good.trace "$C"/v2/*; do
	[ -f "$f" ] && set -- "$@" "$f"
done
echo "1..$(($# * 4 + 3))"
i=0
# tap OK WHAT
tap() {
	i=$((i + 1))
	if [ "$1" = 0 ]; then echo "ok $i - $2"; else echo "not ok $i - $2"; fi
}
# same A B: the digests of A and B, names aside
same() {
	sed 's/^[^ ]* //' "$1" > "$tmp/a.n"
	sed 's/^[^ ]* //' "$2" > "$tmp/b.n"
	cmp -s "$tmp/a.n" "$tmp/b.n" || { diff "$tmp/a.n" "$tmp/b.n" | head -5 | sed 's/^/# /'; return 1; }
}
seed=1
for f in "$@"; do
	n=$(basename "$f")
	"$D" "$f" > "$tmp/file" 2>/dev/null
	size=$(wc -c < "$f")
	# an old-format trace (go 1.5 to 1.21): a step per chunk
	max=65536 what=generation
	case $(head -c 8 "$f" | tr -dc '0-9.') in
	1.[5-9] | 1.1[0-9] | 1.2[01])
		max=$((size / 8 + 1)) what=chunk
		[ $max -le 65536 ] || max=65536 ;;
	esac
	# random chunks, each step's model checked against its prefix
	# (every step a whole load: not on the corpus's traces of megabytes)
	if [ "$size" -lt 1000000 ]; then
		"$D" --stream $seed "$f" $max > "$tmp/chunks" 2>"$tmp/err"
		rc=$?
		[ $rc = 0 ] && same "$tmp/file" "$tmp/chunks"
		tap $? "$n: random chunks give the file's model, each $what's step its prefix's ($(grep -o '[0-9]*$' "$tmp/err" | tail -1) steps)"
	else
		"$D" --stream 0 "$f" > "$tmp/chunks" 2>/dev/null
		rc=$?
		[ $rc = 0 ] && same "$tmp/file" "$tmp/chunks"
		tap $? "$n: read as it comes, the file's model (steps checked as they came)"
	fi
	# a pipe, written in chunks of a few KB
	$PACE --chunk 1000-9000 --seed $seed "$f" | "$D" --stream 0 - > "$tmp/pipe" 2>/dev/null
	rc=$?
	[ $rc = 0 ] && same "$tmp/file" "$tmp/pipe"
	tap $? "$n: through a pipe: the file's model"
	# cut at a random point: the truncated file's model
	cut=$(python3 -c "import random; random.seed($seed); print(random.randint(17, $size - 1))")
	head -c "$cut" "$f" > "$tmp/cut.trace"
	"$D" "$tmp/cut.trace" > "$tmp/cutfile" 2>/dev/null
	$PACE --seed $seed --cut "$cut" "$f" | "$D" --stream 0 - > "$tmp/cutpipe" 2>/dev/null
	rc=$?
	[ $rc = 0 ] && same "$tmp/cutfile" "$tmp/cutpipe"
	tap $? "$n: cut at $cut through a pipe: the truncated file's model"
	# a file as the viewer loads it: a first model meanwhile (an
	# old-format trace's a time prefix, whose pass 1 it waits for), the
	# whole the same
	"$D" --file 100000 "$f" > "$tmp/filed" 2>"$tmp/ferr"
	rc=$?
	[ $rc = 0 ] && same "$tmp/file" "$tmp/filed"
	tap $? "$n: loaded with a first model meanwhile: the file's model$(sed -n 's/.*first_model \([a-z]*\) \([0-9]*\) ns.*/ (first: \1, \2 ns)/p' "$tmp/ferr")"
	seed=$((seed + 1))
done
# an old-format file's first model is a time prefix: real times (the
# footer's frequency known), more than a moment of the trace
if [ -f "$C/v1/churn_go119.trace" ]; then
	"$D" --file 400000 "$C/v1/churn_go119.trace" 2>&1 >/dev/null |
		grep -q 'first_model truncated [0-9]\{7,\} ns a time prefix .*: the events before 0\.0[0-9]* s'
	tap $? "an old-format file's first model: a time prefix of milliseconds, real times"
else
	i=$((i + 1))
	echo "ok $i # SKIP no corpus (an old-format file's first model)"
fi

# a v2 trace through the stream gives models before its end
grep -q 'stream_models_before_end [1-9]' "$tmp/err" 2>/dev/null || \
	"$D" --stream 5 tests/fixtures/demo.trace 2>&1 >/dev/null | grep -q 'stream_models_before_end [1-9]'
tap $? "a new-format trace shows generations before the stream ends"
# an old-format trace through the stream gives models before its end,
# each checked against the truncated file's (model-digest fails if not)
steps=$("$D" --stream 5 tests/fixtures/blocked_go119.trace 8192 2>&1 >/dev/null |
	sed -n 's/.*stream_models_before_end //p')
[ "${steps:-0}" -ge 5 ]
tap $? "an old-format trace shows the bytes read so far before the stream ends (${steps:-0} steps)"
