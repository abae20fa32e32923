#!/bin/sh
# tui-follow-bench.sh GTVIEW TRACE GID...: milliseconds per timeline key
# while following goroutine GID (headless, 200x50, each key's handling and
# its frame, :key-times): the goroutine lanes under the P lanes show its
# states and the goroutines that woke it and that it woke in the window,
# found again at every pan and zoom.  Opens GID's goroutine view, goes to
# the timeline at its last interval (G 0: the walk of a history from its
# start would be longest there), then zooms out step by step to the
# whole trace and back in, panning and stepping at each level ("lanes");
# then, on GID's own lane (the rows under the lanes show its state and
# who caused it), steps, pans and zooms ("its lane").
# Budget: every key <= 10 ms median.
bin=$1 trace=$2
shift 2
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
# stats FILE NAME: median / max per key kind, and of all
stats() {
	for k in - + H L h l; do
		awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$1" | sort -n | awk -v k="$k" '
			{ v[NR] = $1 }
			END { if (!NR) exit; med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			      printf "    %-4s %8.2f / %8.2f  (%d keys)\n", k, med, v[NR], NR }'
	done
	cut -f2 "$1" | sort -n | awk -v name="$2" '
		{ v[NR] = $1 }
		END { med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "  %-9s all %8.2f / %8.2f  (%d keys)\n", name, med, v[NR], NR }'
}
np=$(TERM=dumb "$bin" stats --json "$trace" 2>/dev/null | sed -n 's/.*"procs": *\([0-9]*\).*/\1/p')
for gid in "$@"; do
	{
		echo "/G$gid<Enter>"
		echo "G 0"
		# the list's index and the reverse links, built in the
		# background, done (the first following key waits for the latter)
		echo ":wait-index $t/index"
		echo ":key-times $t/k-lanes"
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30; do
			echo "- L H l"
		done
		echo "0 L H"
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			echo "+ L l H h"
		done
		echo ":key-times off"
		# down to its lane: the P lanes, then the 8 others
		i=0
		while [ "$i" -lt "$((${np:-0} + 8))" ]; do echo j; i=$((i + 1)); done
		echo ":key-times $t/k-own"
		for i in 1 2 3 4 5 6 7 8 9 10; do
			echo "l l h L H - +"
		done
		echo ":key-times off"
	} >"$t/keys"
	TERM=xterm-256color LC_ALL=C.UTF-8 GTVIEW_SCRIPT=$t/keys LINES=50 COLUMNS=200 \
		"$bin" "$trace" >/dev/null || { echo "tui-follow-bench: $trace: failed" >&2; exit 1; }
	echo "$trace: following G$gid, timeline keys (ms: median / max), 200x50:"
	stats "$t/k-lanes" "lanes"
	stats "$t/k-own" "its lane"
done
