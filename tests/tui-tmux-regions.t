#!/bin/sh
# tui-tmux-regions.t: the real binary in tmux: the regions view (4), a
# type's instances into the goroutine, the logs' filter, a marked range's
# statistics (m, motion, m) and the keys in the help overlay.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/basic.trace"
cd "$TMUX_TMP" || exit 1
echo 1..5

tmux_start 100 30 "$GTVIEW basic.trace"
tmux_wait "[timeline]"
tmux_keys 4
tmux_wait "2 region types, 1 task types, 1 log categories"
ok=$?
tmux_screen | grep -Eq '^> region gc +1 +20\.4ms' || { echo "# no gc row"; ok=1; }
tap $ok "4 shows the region and task types"

tmux_keys Enter
tmux_wait "Region gc: 1 ended" && tmux_keys Enter && tmux_wait "G1 runtime.main"
tap $? "Enter lists a type's instances, Enter again opens the goroutine"

tmux_keys 4 Tab
tmux_wait "Logs: 2" && tmux_keys '&' && tmux_text start && tmux_keys Enter &&
	tmux_wait 'Logs: 1 matching "start"'
tap $? "Tab lists the logs; & filters them"

tmux_keys 1 l l l l l l l l l l m
tmux_wait "move the cursor, m again" && tmux_keys l l l l l l l l l l l l l l l l l l l l
ok=$?
# the time axis shows the range from the mark to the cursor in the match
# colour (background 220), a stretch of it
sleep 0.5
tmux -L "$TMUX_SOCK" capture-pane -e -p | sed -n 2p | grep -q '48;5;220m[^[]*[0-9]' ||
	{ echo "# no highlighted range on the axis"; ok=1; }
tmux_keys m && tmux_wait "Goroutine time," && tmux_wait "Waited most in" || ok=1
tap $ok "m, a motion and m: the range shows on the axis, then its statistics"

tmux_keys Escape
tmux_wait "[timeline]" && tmux_keys '?' && tmux_wait "view-regions"
ok=$?
i=0
while [ $i -lt 6 ] && ! tmux_screen | grep -q "mark-range.*Mark one end of a range"; do
	tmux_keys PageDown
	sleep 0.3
	i=$((i + 1))
done
tmux_screen | grep -q "mark-range.*Mark one end of a range" || ok=1
tap $ok "the help overlay names view-regions and mark-range"
