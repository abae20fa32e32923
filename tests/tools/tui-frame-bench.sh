#!/bin/sh
# tui-frame-bench.sh GTVIEW TRACE...: milliseconds per frame of the viewer
# (headless, 200x50) at 300 random zooms of the timeline and 50 frames of
# the goroutine list, per trace.  Target: mean <= 10 ms.  For `make bench`.
bin=$1
shift
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
for trace in "$@"; do
	printf ':bench-frames 300 %s/tl\n2\n:bench-frames 50 %s/gl\n' "$t" "$t" >"$t/keys"
	start=$(date +%s.%N)
	TERM=xterm-256color LC_ALL=C.UTF-8 GTVIEW_SCRIPT=$t/keys LINES=50 COLUMNS=200 \
		"$bin" "$trace" >/dev/null || { echo "tui-frame-bench: $trace: failed" >&2; exit 1; }
	end=$(date +%s.%N)
	cat "$t/tl" "$t/gl"
	echo "  (load and all frames: $(awk "BEGIN { print $end - $start }") s)"
done
