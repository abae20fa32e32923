#!/bin/sh
# tui-tmux-load-quit.t: q and Ctrl-C stop a load at once: the viewer exits
# (0 after q, 130 after Ctrl-C) with the terminal modes as before, long
# before the load would have ended.  The load is slowed down by cmd/'s
# test-only GTVIEW_TEST_LOAD_DELAY_US (a pause per progress report: about
# 20 reports on this trace, 1 s each) so that a stop that did not work
# would show as a time-out, not as a race.  The progress screen says how
# many bytes were decoded and for how long.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v bash >/dev/null || { echo "1..0 # SKIP no bash"; exit 0; }
trace=$(cd "$here/.." && cd "${GT_CORPUS:-../shared/corpus}" 2>/dev/null && pwd)/v2/esbuild_watch_go122.trace
[ -s "$trace" ] || { echo "1..0 # SKIP no corpus (../shared/corpus)"; exit 0; }
cd "$TMUX_TMP" || exit 1
echo 1..3

run() { tmux_text "$1"; tmux_keys Enter; }

tmux_start 100 30 "env PS1='$ ' GTVIEW='$GTVIEW' GTVIEW_TEST_LOAD_DELAY_US=1000000 bash --norc --noprofile -i"
tmux_wait '$'
run 'cd "'"$TMUX_TMP"'" && stty -a >before'
tmux_wait_file before

# quit KEY RC N: start a load, press KEY on its progress bar, expect RC
quit() {
	run "clear; \"\$GTVIEW\" '$trace'; echo \$? >rc$3; stty -a >after$3"
	tmux_wait "Loading" 20 || return 1
	tmux_wait "decoded into the model" 5 || return 1 # bytes, time: not stuck
	tmux_keys "$1"
	# the unstopped load needs some 20 s: stopping takes one report (1 s)
	tmux_wait_file "after$3" 5 || return 1
	diff before "after$3" >/dev/null || { diff before "after$3" | sed 's/^/# /'; return 1; }
	[ "$(cat "rc$3")" = "$2" ] || { echo "# exit $(cat "rc$3"), want $2"; return 1; }
}
quit q 0 1
tap $? "q on the progress bar: exit 0 at once, terminal modes as before"
quit C-c 130 2
tap $? "Ctrl-C on the progress bar: exit 130 at once, terminal modes as before"

# without a key the same load (shorter pauses) runs to the timeline
run 'clear; GTVIEW_TEST_LOAD_DELAY_US=150000 "$GTVIEW" '"'$trace'"'; echo $? >rc3'
tmux_wait "Loading" 20 && tmux_wait "[timeline]" 60 && tmux_keys q && tmux_wait_file rc3 &&
	[ "$(cat rc3)" = 0 ]
tap $? "without a key a slowed load ends in the viewer"
