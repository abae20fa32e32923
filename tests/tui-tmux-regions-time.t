#!/bin/sh
# tui-tmux-regions-time.t: the real binary in tmux: the regions view (4)
# shows where each region and task type's time went, and each
# instance's, as a bar on its row and as a bar, figures and a legend
# under the list, from the figures of `gtview regions --json`'s "time"
# (tests/rsplit_check.py counts the bar's cells per look and checks the
# shares).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/basic.trace"
cd "$TMUX_TMP" || exit 1
echo 1..5
"$GTVIEW" regions --json basic.trace > regions.json || echo "# regions --json failed"
check() { # check KIND TYPE [instance]
	tmux_screen > screen.txt
	python3 "$here/rsplit_check.py" screen.txt regions.json "$@"
}

tmux_start 140 30 "$GTVIEW basic.trace"
tmux_wait "[timeline]"
tmux_keys 4
tmux_wait "where the time of region gc went"
ok=$?
check region gc || ok=1
tmux_screen | grep -q "█ run.*▒ runnable.*─ chan" || { echo "# no legend"; ok=1; }
tap $ok "a region type's row and the split under the list agree with regions --json"

tmux_keys Down
tmux_wait "where the time of region pingpong went" && check region pingpong
tap $? "the next type: its own split"

tmux_keys Down
tmux_wait "where the time of task fixture went (the goroutines in its regions" &&
	check task fixture
tap $? "a task type: the split over its regions' goroutines"

tmux_keys Up Up Enter
tmux_wait "where this region's time went" && check region gc instance
tap $? "a region's instance: its bar and figures (its only one: the type's)"

tmux_keys Escape Down Down Enter
tmux_wait "where this task's time went" && check task fixture instance
tap $? "a task's instance: its bar and figures"
