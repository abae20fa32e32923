#!/bin/sh
# tui-follow-bench.sh GTVIEW TRACE GID...: milliseconds per timeline key
# while following goroutine GID (headless, 200x50, each key's handling and
# its frame, :key-times): the goroutine lanes under the P lanes show its
# states and the goroutines that woke it and that it woke in the window,
# found again at every pan and zoom.  Opens GID's goroutine view, goes to
# the timeline at its first interval (0), then zooms out step by step to
# the whole trace and back in, panning and stepping at each level.
# Budget: every key <= 10 ms median.
bin=$1 trace=$2
shift 2
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
for gid in "$@"; do
	{
		echo "/G$gid<Enter>"
		echo "G 0" # its last interval: the walk from the start is longest
		# the list's index and the reverse links, built in the
		# background, done (the first following key waits for the latter)
		echo ":wait-index $t/index"
		echo ":key-times $t/k-$gid"
		# out to the whole trace, panning at every level
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30; do
			echo "- L H l"
		done
		echo "0 L H"
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			echo "+ L l H h"
		done
		echo ":key-times off"
	} >"$t/keys"
	TERM=xterm-256color LC_ALL=C.UTF-8 GTVIEW_SCRIPT=$t/keys LINES=50 COLUMNS=200 \
		"$bin" "$trace" >/dev/null || { echo "tui-follow-bench: $trace: failed" >&2; exit 1; }
	echo "$trace: following G$gid, timeline keys (ms: median / max), 200x50:"
	for k in - + H L h l; do
		awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$t/k-$gid" | sort -n | awk -v k="$k" '
			{ v[NR] = $1 }
			END { if (!NR) exit; med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			      printf "  %-4s %8.2f / %8.2f  (%d keys)\n", k, med, v[NR], NR }'
	done
	cut -f2 "$t/k-$gid" | sort -n | awk '
		{ v[NR] = $1 }
		END { med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "  all  %8.2f / %8.2f  (%d keys)\n", med, v[NR], NR }'
done
