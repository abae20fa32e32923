#!/bin/sh
# tui-tmux-so-far.t: while the model shown is a part of the trace (a big
# file's first frame while the whole loads, a stream before its writer is
# done), each view's figures of the whole trace say "so far" in its title:
# the goroutine list's count and "Blocked at the end so far", the groups
# by start function, the GC view's pauses and cycles, the regions view's
# counts, the profile's total.  Once the whole model is in, the mark goes
# (the view shown at that moment too, without a key) and each view's
# screen is a plain load's.  GTVIEW_TEST_LOAD_HOLD holds the whole load
# until a file exists, so the first frame lasts while the views are
# looked at; tests/tools/pace-pipe.py holds a stream's writer the same way.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v bash >/dev/null || { echo "1..0 # SKIP no bash"; exit 0; }
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
corpus=$(cd "$here/.." && cd "${GT_CORPUS:-../shared/corpus}" 2>/dev/null && pwd)
trace=$corpus/v2/esbuild_watch_go126.trace
[ -s "$trace" ] || { echo "1..0 # SKIP no corpus (../shared/corpus)"; exit 0; }
PACE="python3 $here/tools/pace-pipe.py"
cd "$TMUX_TMP" || exit 1
echo 1..16

run() { tmux_text "$1"; tmux_keys Enter; }
# the views, each a name and the keys that open it from any view
views="goroutines blocked byfunc gc regions profile"
keys_of() {
	case $1 in
	goroutines) echo 2 ;;
	blocked) echo 2 b ;;
	byfunc) echo 2 F ;;
	gc) echo 3 ;;
	regions) echo 4 ;;
	profile) echo 5 ;;
	esac
}
# open VIEW: its keys, then the screen once it settles; the list's
# toggle of the view opened before is undone first (the list keeps it)
shown=
open() {
	case $shown in
	blocked) tmux_keys 2 b ;;
	byfunc) tmux_keys 2 F ;;
	esac
	sleep 0.3
	for k in $(keys_of "$1"); do
		tmux_keys "$k"
		sleep 0.3
	done
	shown=$1
	tmux_settle
}
title() { tmux_screen | sed -n 2p; }
same() { # same A B: the screens are equal (else the difference, as comments)
	diff "$1" "$2" >/dev/null && return 0
	diff "$1" "$2" | sed 's/^/# /' | head -20
	return 1
}

tmux_start 120 30 "env PS1='$ ' GTVIEW='$GTVIEW' bash --norc --noprofile -i"
tmux_wait '$'
run 'cd "'"$TMUX_TMP"'" && mkfifo fifo && echo >ready'
tmux_wait_file ready

# a plain load's screens of each view
run "clear; GTVIEW_FIRST_PREFIX=0 \"\$GTVIEW\" '$trace'; echo \$? >rc0"
tmux_wait "[timeline]" 30
for v in $views; do
	open $v
	tmux_screen > $v.plain
done
tmux_keys q
tmux_wait_file rc0

# the first frame of the file, held: every view says so far
shown=
run "clear; GTVIEW_FIRST_PREFIX=100000 GTVIEW_TEST_LOAD_HOLD=go \"\$GTVIEW\" '$trace'; echo \$? >rc1"
tmux_wait "[loading" 30 && tmux_wait "[timeline]" 5
tap $? "a first frame while the file loads"
for v in $views; do
	open $v
	t=$(title)
	case $t in *" so far"*) r=0 ;; *) r=1; echo "# $t" ;; esac
	tap $r "first frame: the $v view's title says so far"
done
title | grep -q "profile: .* in all so far;"
tap $? "first frame: the profile's total says so far"
# the whole load ends while the profile is shown: it is redrawn from the
# whole model, the mark gone
touch go
tmux_header_gone '\[loading'
title | grep -qv "so far"
tap $? "once loaded, the profile view shown drops so far without a key"
tmux_screen > profile.first
same profile.plain profile.first
tap $? "once loaded, the profile view is a plain load's"
n=0 bad=""
for v in goroutines blocked byfunc gc regions; do
	open $v
	tmux_screen > $v.first
	same $v.plain $v.first || bad="$bad $v"
	n=$((n + 1))
done
[ -z "$bad" ]
tap $? "once loaded, each of $n other views is a plain load's, no so far (differ:${bad:- none})"
tmux_keys q
tmux_wait_file rc1

# a stream whose writer stalls: the same, then the file's figures (the
# header's name aside)
shown=
run "clear; \"\$GTVIEW\" fifo; echo \$? >rc2"
$PACE --rate 2000000 --seed 3 --hold-at 1300000 --hold-file go2 "$trace" fifo &
writer=$!
tmux_wait "[live:" 30 && tmux_wait "[timeline]" 5
open blocked
title | grep -q "^Blocked at the end so far: "
tap $? "stream: the list's blocked goroutines are blocked at the end so far"
open gc
title | grep -q " so far"
tap $? "stream: the GC view's title says so far"
touch go2
wait $writer
tmux_header_gone 'so far, .* read\]'
tmux_screen | sed '1s/^ gtview [^ ]*  */ gtview NAME /' > gc.stream
sed '1s/^ gtview [^ ]*  */ gtview NAME /' gc.plain > gc.named
title | grep -qv "so far" && same gc.named gc.stream
tap $? "stream: when the writer is done the GC view is the file's"
open blocked
tmux_screen | sed '1s/^ gtview [^ ]*  */ gtview NAME /' > blocked.stream
sed '1s/^ gtview [^ ]*  */ gtview NAME /' blocked.plain > blocked.named
same blocked.named blocked.stream
tap $? "stream: when the writer is done the blocked goroutines are the file's"
tmux_keys q
tmux_wait_file rc2
[ "$(cat rc0)" = 0 ] && [ "$(cat rc1)" = 0 ] && [ "$(cat rc2)" = 0 ]
tap $? "each run exits 0 ($(cat rc0) $(cat rc1) $(cat rc2))"
