#!/bin/sh
# A goroutine's transitions from a time on, found through its log's
# index (gt_model_g_transitions_from, what the timeline's goroutine lanes
# read for their window), and the last one another goroutine caused
# before a time, read back chunk by chunk (gt_model_g_last_cause), against
# the walk from its start (gt_model_g_transitions): every goroutine of the
# fixtures and of the corpus's traces, from random times, its transitions'
# times and its log's chunk starts (tests/unit/model_gseek.c).
set -u
: "${GT_BUILD:?run through make test}"
P=$GT_BUILD/tests/model_gseek
cd "$(dirname "$0")/.." || exit 1
echo 1..2
# run DESCRIPTION TRACE...: one TAP line
i=0
run() {
	i=$((i + 1))
	d=$1
	shift
	if out=$("$P" "$@" 2>&1); then
		echo "ok $i - $d"
	else
		echo "not ok $i - $d"
	fi
	printf '%s\n' "$out" | grep '^#' | grep -v ' 0 goroutines differ$' | sed 's/^#/# /'
}
run "fixtures: the seeking query gives the reference's transitions" tests/fixtures/*.trace
set --
for f in "${GT_CORPUS:-/nonexistent}"/v1/*.trace "${GT_CORPUS:-/nonexistent}"/v2/*.trace \
	"${GT_CORPUS:-/nonexistent}"/truncated/*.trace; do
	[ -f "$f" ] && set -- "$@" "$f"
done
if [ $# = 0 ]; then
	echo "ok 2 # SKIP no corpus"
	exit 0
fi
run "corpus ($# traces): the seeking query gives the reference's transitions" "$@"
