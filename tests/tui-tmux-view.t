#!/bin/sh
# tui-tmux-view.t: the real binary (real libtermkey and ncurses) in tmux:
# lanes, the blocked filter, search to the inspector, resize, tiny terminal.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..9

tmux_start 100 30 "$GTVIEW --demo"
tmux_wait "[timeline]"
tap $? "gtview --demo starts on the timeline of the embedded trace"

s=$(tmux_screen)
ok=0
for lane in P0 P1 P2 P3 GC STW Assist Heap Running Waiting; do
	printf '%s\n' "$s" | grep -Eq "^[ >]$lane( |$)" || { echo "# no lane $lane"; ok=1; }
done
printf '%s\n' "$s" | head -n 1 | grep -q 'demo.trace.*trace format 1.26.*cursor' || { echo "# header"; ok=1; }
tap $ok "P lanes, GC/STW lanes and the header appear"

tmux_keys 2 b
tmux_wait "Blocked at the end: 13 of 1500 goroutines"
ok=$?
s=$(tmux_screen)
# the groups blocked in the program's own code come first, the runtime's
# goroutines folded into one group last
printf '%s\n' "$s" | sed -n 4p | grep -q '^>1 x chan receive  in runtime.gopark  from github.com/evanw/esbuild/pkg/cli.runImpl' || ok=1
printf '%s\n' "$s" | sed -n 5p | grep -Eq '^   G1 +Waiting .*chan receive +main.main' || ok=1
printf '%s\n' "$s" | grep -Eq 'G27 +Waiting .*sleep +api.\(\*watcher\).start.func1' || ok=1
printf '%s\n' "$s" | sed -n 10p | grep -q "^ 10 x runtime goroutines (the runtime's own waits)" || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "b lists the goroutines blocked at the end, the program's own first, with reasons and functions"

tmux_keys /
tmux_text gcBgMark
tmux_wait '1 string contains "gcBgMark"' && tmux_keys Enter && tmux_wait '4 goroutines' &&
	tmux_keys Enter && tmux_wait 'Goroutine G22'
ok=$?
tmux_screen | grep -A1 -E '^  > runtime\.gcBgMarkWorker *$' | sed -n 2p | grep -Eq '^        runtime/mgc\.go:[0-9]+ *$' ||
	{ echo "# no frame"; ok=1; }
tap $ok "search for a function reaches its goroutine; the inspector shows function and file:line"

tmux_resize 120 40
ok=1
i=0
while [ $i -lt 100 ]; do # the status line ends at the new width
	col=$(tmux_screen | grep -F '[inspector]' | awk '{ print length($0) }')
	[ "$col" = 119 ] && { ok=0; break; }
	sleep 0.1
	i=$((i + 1))
done
tap $ok "a resize redraws at the new size"

tmux_resize 40 10
tmux_wait "Terminal too small"
tap $? "a tiny terminal shows a clear message"

tmux_resize 100 30
tmux_wait "[inspector]"
tap $? "back to a usable size it redraws"

# a lone Escape (after termkey's wait) goes back to the search results
tmux_keys Escape
tmux_wait '"runtime.gcBgMarkWorker": 4 goroutines' && tmux_keys q && tmux_gone
tap $? "Escape goes back a view; q quits"

# the longest stop-the-world pause, cold, with real keys: 3, s, Enter
tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
TMUX_SOCK="gt$$-stw" # a new server: the old one may still be going away
tmux_start 120 35 "$GTVIEW demo.trace"
tmux_wait "[timeline]" && tmux_keys 3 && tmux_wait "[gc]" && tmux_keys s &&
	tmux_wait "sorted by duration" && tmux_keys Enter && tmux_wait "stop-the-world (GC mark termination) 1.68ms"
ok=$?
tmux_screen | grep -Eq '^  reason +GC mark termination *$' || { echo "# no reason under the lanes"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "longest STW: 3, s, Enter shows it on the timeline with its reason"
