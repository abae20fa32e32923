#!/bin/sh
# tui-tmux-first-frame.t: a file shows a first frame while it loads.  A
# big file's whole load runs on a thread while a model of its beginning
# (a new-format trace's first complete generations, an old-format trace's
# first moments, a time prefix from the whole load's pass 1) is shown at
# once: the header
# says "loading N%: ... so far", the timeline marks the end of what is
# loaded with an edge, keys work, q quits at once; when the whole load is
# done its model replaces the first one and the screen is the plain
# load's.  GTVIEW_FIRST_PREFIX makes the prefix small enough for the
# corpus's traces, GTVIEW_TEST_LOAD_DELAY_US the whole load slow enough
# for the first frame to be looked at, not raced.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v bash >/dev/null || { echo "1..0 # SKIP no bash"; exit 0; }
corpus=$(cd "$here/.." && cd "${GT_CORPUS:-../shared/corpus}" 2>/dev/null && pwd)
v2=$corpus/v2/esbuild_watch_go126.trace
v1=$corpus/v1/churn_go119.trace
[ -s "$v2" ] && [ -s "$v1" ] || { echo "1..0 # SKIP no corpus (../shared/corpus)"; exit 0; }
cd "$TMUX_TMP" || exit 1
echo 1..9

run() { tmux_text "$1"; tmux_keys Enter; }
tmux_start 120 30 "env PS1='$ ' GTVIEW='$GTVIEW' bash --norc --noprofile -i"
tmux_wait '$'
run 'cd "'"$TMUX_TMP"'" && stty -a >before'
tmux_wait_file before

# plain: the screen of the whole load (no first frame)
plain() { # plain TRACE NAME
	run "clear; GTVIEW_FIRST_PREFIX=0 \"\$GTVIEW\" '$1'; echo \$? >rc-$2"
	tmux_wait "[timeline]" 30 && sleep 1
	tmux_screen > "$2.plain"
	tmux_keys q
	tmux_wait_file "rc-$2"
}
slow="GTVIEW_FIRST_PREFIX=100000 GTVIEW_TEST_LOAD_DELAY_US=200000"

for f in v2 v1; do
	eval trace=\$$f
	plain "$trace" $f
	run "clear; $slow \"\$GTVIEW\" '$trace'; echo \$? >rc-$f-first; stty -a >after-$f"
	tmux_wait "[loading" 30 && tmux_wait "[timeline]" 5 &&
		tmux_screen | head -1 | grep -q '\[loading [0-9]*%: .* so far\]'
	tap $? "$f: a first frame while the file loads, the header says loading and so far"
	# the edge where the loaded part ends, in every lane's last column
	n=$(tmux_screen | grep -c "▕$")
	[ "$n" -ge 5 ] && tmux_screen | grep -qF "▕ loaded so far"
	tap $? "$f: the timeline marks where the loaded part ends ($n rows), the legend says so"
	if [ $f = v1 ]; then
		# a time prefix: its span in real time (ms: the footer's
		# frequency is known; a byte prefix gave raw ticks, some
		# hundred µs), and events in every P lane it shows
		tmux_screen > v1.shot
		lanes=$(grep -c '^[ >]P[0-9]' v1.shot)
		empty=$(grep -c '^[ >]P[0-9][0-9]* *┃ *▕$' v1.shot)
		head -1 v1.shot | grep -q '\[loading [0-9]*%: [0-9.]*ms so far\]' &&
			[ "$lanes" -ge 2 ] && [ "$empty" = 0 ]
		tap $? "$f: the first frame is a time prefix: real times, events in all its $lanes P lanes"
	fi
	if [ $f = v2 ]; then
		before=$(tmux_screen | head -1)
		tmux_keys +
		tmux_wait "[loading" 2 && sleep 0.3 && [ "$(tmux_screen | head -1)" != "$before" ]
		tap $? "$f: keys work during the load (+ zooms in)"
		tmux_keys 0
	fi
	tmux_header_gone '\[loading' # the whole model is shown
	tmux_screen > "$f.first"
	diff "$f.plain" "$f.first" >/dev/null
	r=$?
	[ $r = 0 ] || diff "$f.plain" "$f.first" | sed 's/^/# /' | head -20
	tap $r "$f: once loaded the screen is the plain load's"
	tmux_keys q
	tmux_wait_file "rc-$f-first"
done

# q while the first frame is shown: quits at once (the unstopped load
# would take some 20 s)
run "clear; GTVIEW_FIRST_PREFIX=100000 GTVIEW_TEST_LOAD_DELAY_US=1000000 \"\$GTVIEW\" '$v2'; echo \$? >rc-q; stty -a >after-q"
tmux_wait "[loading" 30 && tmux_wait "[timeline]" 5 && tmux_keys q &&
	tmux_wait_file after-q 3 && [ "$(cat rc-q)" = 0 ] && diff before after-q >/dev/null
tap $? "q on the first frame: exit 0 at once, terminal modes as before"
