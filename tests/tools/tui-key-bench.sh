#!/bin/sh
# tui-key-bench.sh GTVIEW TRACE...: milliseconds per key of the viewer's
# list operations (headless, 200x50, each key's handling and its frame,
# :key-times), and the peak resident size after a walk of every view
# (:peak-rss), per trace.  Phase "early": keys right after the load, while
# the goroutine list's index is built in the background (:early-keys:
# the list does not wait for it, as by hand; scripts' lists wait); then
# :wait-index reports how long that build took and how long the walk
# waited for it, and the other phases run.  "idfilter": texts that can
# match goroutine ids ("1", "12", "G1"), counted between keys.  The
# list's work between keys (a rebuild once the index has more, a share of
# a count) is timed as a key named "idle".  Last, the list narrowed to a
# marked range (:wait-range).  Then, in a process of its own, a range
# marked over the whole trace but its last column (so that the goroutines
# alive there have times of their own in it): the list narrowed to it,
# walked through its sorts, filters, groups and a search, with its peak
# resident size.  For `make bench`.
# Budget: every key <= 10 ms median and <= 30 ms at most on a trace with
# over 2 million goroutines; peak RSS <= 2x the file.
bin=$1
shift
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
# phase NAME KEYS...: time KEYS into $t/NAME
phase() {
	n=$1
	shift
	echo ":key-times $t/k-$n"
	for k in "$@"; do echo "$k"; done
	echo ":key-times off"
}
{
	echo ":early-keys"
	phase early 2 j s S '&' g o '<Enter>' c s s b b '&' 1 '<Enter>' G c 1
	echo ":wait-index $t/index"
	phase open 2
	phase sort s s s s s s S S
	phase blocked b b
	phase state f f f f f f
	phase filter '&' c h a n '<Backspace>' '<Backspace>' '<Backspace>' '<Backspace>' r u n '<Enter>'
	phase idfilter c '&' 1 2 '<Backspace>' '<Backspace>' G 1 '<Backspace>' '<Backspace>' 1 '<Enter>' G gg j c
	phase move G gg j '<PageDown>' '<PageUp>'
	phase clear c
	phase search / g o p a r k '<Enter>' '<Escape>'
	phase views 1 3 4 2 '<Enter>' '<Escape>' F '<Enter>' '<Escape>' F '?' '<Escape>' 1 2
	# a range of 2 columns of the timeline: the list narrowed to it (its
	# rows built in the background once, :wait-range says how long)
	echo 1; echo m; echo l; echo l; echo m
	echo ":wait-range $t/range"
	phase range 2 s s s s s s S S f f f f f f b b F '<Enter>' '<Escape>' F '&' r u n '<Enter>' c
	echo ":peak-rss $t/rss"
} >"$t/keys"
{
	echo ":wait-index $t/index"
	echo 1; echo 0; echo gg; echo m; echo G; echo h
	# the key that closes the range: its statistics come in the background
	phase mark m
	echo ":wait-range $t/range"
	phase marked 2 s s s s s s S S f f f f f f b b F '<Enter>' '<Escape>' F '&' r u n '<Enter>' \
		G gg j '<PageDown>' '<PageUp>' / g o p a r k '<Enter>' '<Escape>' c
	echo ":peak-rss $t/rss"
} >"$t/keys-marked"
# key_stats FILE...: the keys' median and max, per file and over all
key_stats() {
	for f in "$@"; do
		name=${f##*/k-}
		sort -t"$(printf '\t')" -k2 -n "$f" | awk -F'\t' -v name="$name" '
			{ v[NR] = $2; k[NR] = $1 }
			END { med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			      printf "  %-8s %8.2f / %8.2f  (%d keys, slowest %s)\n", name, med, v[NR], NR, k[NR] }'
	done
	[ $# -gt 1 ] || return 0
	cat "$@" | sort -t"$(printf '\t')" -k2 -n | awk -F'\t' '
		{ v[NR] = $2 }
		END { med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "  all      %8.2f / %8.2f  (%d keys)\n", med, v[NR], NR }'
}
# peak_rss WHAT: the peak resident size in $t/rss against the file's size
peak_rss() {
	awk -v size="$size" -v what="$1" '{ printf "  peak RSS after %s: %.0f MB (%.2fx the file, %.0f MB)\n",
		what, $2 / 1024, $2 * 1024 / size, size / 1048576 }' "$t/rss"
}
for trace in "$@"; do
	rm -f "$t"/k-* "$t/rss" "$t/index" "$t/range"
	start=$(date +%s.%N)
	TERM=xterm-256color LC_ALL=C.UTF-8 GTVIEW_SCRIPT=$t/keys LINES=50 COLUMNS=200 \
		"$bin" "$trace" >/dev/null || { echo "tui-key-bench: $trace: failed" >&2; exit 1; }
	end=$(date +%s.%N)
	size=$(wc -c <"$trace")
	echo "$trace: keys (ms: median / max), 200x50, load included in $(awk "BEGIN { printf \"%.2f\", $end - $start }") s:"
	awk '{ printf "  the list'"'"'s index: built in %.0f ms in the background after the load (the walk waited %.0f ms)\n", $2, $4 }' "$t/index"
	awk '{ printf "  a marked range'"'"'s %d goroutines: built in %.0f ms in the background (waited %.0f ms)\n", $2, $4, $6 }' "$t/range"
	key_stats "$t"/k-*
	peak_rss "the walk"
	rm -f "$t"/k-* "$t/rss" "$t/index" "$t/range"
	TERM=xterm-256color LC_ALL=C.UTF-8 GTVIEW_SCRIPT=$t/keys-marked LINES=50 COLUMNS=200 \
		"$bin" "$trace" >/dev/null || { echo "tui-key-bench: $trace: marked range: failed" >&2; exit 1; }
	awk '{ printf "  a range marked over all but the last column: %d goroutines (%d running and %d waiting\n" \
		"    times not the trace'"'"'s), built in %.0f ms in the background (waited %.0f ms)\n", $2, $8, $9, $4, $6 }' "$t/range"
	key_stats "$t"/k-*
	peak_rss "the marked range's walk"
done
