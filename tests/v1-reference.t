#!/bin/sh
# The old format's rules have two implementations in decode/v1/convert.c:
# the reference path (v1_postprocess's checks, then convert()) and the
# fast path hot(), which checks and converts the common events in one
# step and leaves anything else, untouched, to the reference path.  With
# GTVIEW_V1_REFERENCE=1 (gt_decode_opts.v1_reference) every event takes
# the reference path: both ways must give the same model (bench/digest.c:
# every query hashed), the same event stream (`gtview dump`) and the same
# exit status, on every v1 fixture, copies cut short, and every corpus v1
# trace.  The load's statistics prove which path ran: all events by the
# reference path with the switch, fewer without (on traces of 100 events
# or more).
set -u
: "${GT_BUILD:?run through make test}"
: "${GTVIEW:?run through make test}"
D=$GT_BUILD/bench/model-digest
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c 20000 tests/fixtures/blocked_go119.trace > "$tmp/cut119.trace"
head -c 3000 tests/fixtures/v1/basic_go119.trace > "$tmp/cutbasic.trace"
set -- tests/fixtures/blocked_go119.trace tests/fixtures/v1/*.trace \
	"$tmp/cut119.trace" "$tmp/cutbasic.trace"
nfix=$#
corpus="${GT_CORPUS:-/nonexistent}/v1"
for f in "$corpus"/*.trace; do
	[ -f "$f" ] && set -- "$@" "$f"
done
if [ -d "$corpus" ]; then
	echo "1..$(($# * 4))"
else
	echo "1..$(($# * 4 + 1))"
fi
i=0
ok() { i=$((i + 1)); echo "ok $i - $*"; }
notok() { i=$((i + 1)); echo "not ok $i - $*"; }
# the "v1: N of M events by the reference path" note: N and M
counts() { sed -n 's/^v1: \([0-9]*\) of \([0-9]*\) events by the reference path$/\1 \2/p' "$1"; }
for f in "$@"; do
	n=$(basename "$f")
	GTVIEW_LOAD_STATS=1 "$D" "$f" > "$tmp/fast" 2> "$tmp/fast.err"
	GTVIEW_LOAD_STATS=1 GTVIEW_V1_REFERENCE=1 "$D" "$f" > "$tmp/ref" 2> "$tmp/ref.err"
	if [ -s "$tmp/fast" ] && cmp -s "$tmp/fast" "$tmp/ref"; then
		ok "$n: model digests: reference path = fast path"
	else
		notok "$n: model digests: reference path differs from fast path"
		diff "$tmp/fast" "$tmp/ref" | sed 's/^/# /' | head -20
	fi
	read -r rg re fg fe <<-EOF
	$(counts "$tmp/ref.err") $(counts "$tmp/fast.err")
	EOF
	# (a trace cut early may hold nothing the fast path takes)
	if [ -n "$fe" ] && [ "$rg" = "$re" ] && [ "$re" = "$fe" ] &&
	   { [ "$fg" -lt "$fe" ] || [ "$fe" -lt 100 ]; }; then
		ok "$n: the switch sends all $re events by the reference path (fast path: $fg)"
	else
		notok "$n: which path ran: reference '$(counts "$tmp/ref.err")', fast '$(counts "$tmp/fast.err")'"
	fi
	"$GTVIEW" dump "$f" > "$tmp/fast" 2> "$tmp/fast.err"
	a=$?
	GTVIEW_V1_REFERENCE=1 "$GTVIEW" dump "$f" > "$tmp/ref" 2> "$tmp/ref.err"
	b=$?
	if { [ -s "$tmp/fast" ] || [ $a -ne 0 ]; } && cmp -s "$tmp/fast" "$tmp/ref" && [ $a -eq $b ]; then
		ok "$n: dump: the same events (exit $a)"
	else
		notok "$n: dump: exit $a vs $b"
		diff "$tmp/fast" "$tmp/ref" | sed 's/^/# /' | head -20
	fi
	if cmp -s "$tmp/fast.err" "$tmp/ref.err"; then
		ok "$n: dump: the same messages"
	else
		notok "$n: dump: messages differ"
		diff "$tmp/fast.err" "$tmp/ref.err" | sed 's/^/# /' | head -20
	fi
done
[ -d "$corpus" ] || echo "ok $((i + 1)) # skip no corpus v1 traces at $corpus"
