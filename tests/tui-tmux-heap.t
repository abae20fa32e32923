#!/bin/sh
# tui-tmux-heap.t: the Heap and Goal lanes are one plot two rows high on
# one scale that the label states (issue 30, item 9: they had no common
# scale): "Heap 20M" is the smallest of 1, 2, 5 times a power of ten KiB,
# MiB, GiB ... at or above the largest heap in use or heap goal of the
# trace (its metrics, from `gtview dump`); the lower row's label names
# the goal's line, which shows where the heap's bars leave room.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cd "$TMUX_TMP" || exit 1
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
etcd=$here/../../shared/corpus/servers/etcd_go119.trace
echo 1..2

# want TRACE: the label the scale should have
want() {
	"$GTVIEW" dump "$1" | python3 -c '
import re, sys
m = 0
for line in sys.stdin:
    x = re.search(r" Metric .*(/memory/classes/heap/objects|/gc/heap/goal):bytes=([0-9]+)", line)
    if x:
        m = max(m, int(x.group(2)))
for u, name in enumerate("KMGTPE"):
    for v in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if v * 1024 ** (u + 1) >= m:
            print("Heap%3d%s" % (v, name))
            sys.exit(0)'
}

# check TRACE DESCRIPTION
check() {
	label=$(want "$1")
	tmux_start 120 30 "$GTVIEW $1"
	tmux_wait "[timeline]" 30
	ok=$?
	s=$(tmux_screen)
	printf '%s\n' "$s" | grep -q "^ $label " || { echo "# want label '$label'"; ok=1; }
	printf '%s\n' "$s" | grep -q '^ ─ goal  ' || { echo "# no goal label"; ok=1; }
	# the goal's line in the plot's rows, where the bars leave room
	printf '%s\n' "$s" | grep -A1 "^ $label" | cut -c11- | grep -q '[▔─▁]' || { echo "# no goal line"; ok=1; }
	[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
	tap $ok "$2 ($label)"
	tmux_stop_server
}
tmux_stop_server() { tmux -L "$TMUX_SOCK" kill-server 2>/dev/null; }

cp "$here/fixtures/demo.trace" demo.trace
check demo.trace "demo: the heap plot's label states its scale, the goal a line over it"
if [ -f "$etcd" ]; then
	check "$etcd" "etcd: the heap plot's label states its scale, the goal a line over it"
else
	echo "ok 2 # SKIP no $etcd"
fi
