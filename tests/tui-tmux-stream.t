#!/bin/sh
# tui-tmux-stream.t: a trace on a pipe or FIFO is shown as it comes.
# tests/tools/pace-pipe.py writes a real trace at a set pace, in chunks of
# a few KB cut anywhere, and holds (a writer that stalls) until told to go
# on: before the writer is done the viewer shows the generations that are
# complete, keys work while it waits, and the final screen is the file's
# (the header's name aside).  The loading screen says what it waits for;
# q quits at once, before the first generation and after, with the
# terminal modes as before.  While live, a wide header gives the GC
# cycles, pauses and heap so far.  An old-format trace (Go 1.21 and
# before) is shown as far as the bytes read so far go, before its writer
# is done, and its final screen is the file's too.  --follow reads a file
# as it is written; the reports refuse it.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v bash >/dev/null || { echo "1..0 # SKIP no bash"; exit 0; }
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
corpus=$(cd "$here/.." && cd "${GT_CORPUS:-../shared/corpus}" 2>/dev/null && pwd)
trace=$corpus/v2/esbuild_watch_go126.trace
v1trace=$corpus/v1/churn_go119.trace
[ -s "$trace" ] && [ -s "$v1trace" ] || { echo "1..0 # SKIP no corpus (../shared/corpus)"; exit 0; }
PACE="python3 $here/tools/pace-pipe.py"
cd "$TMUX_TMP" || exit 1
echo 1..15

run() { tmux_text "$1"; tmux_keys Enter; }
# final_screen WANT GOT MSG: once the header's mark of a part is gone,
# the screen (the trace's name aside, kept in GOT) is WANT's
final_screen() {
	tmux_header_gone 'so far, .* read\]'
	tmux_screen | sed '1s/^ gtview [^ ]*  */ gtview NAME /' > "$2"
	diff "$1" "$2" >/dev/null
	r=$?
	[ $r = 0 ] || diff "$1" "$2" | sed 's/^/# /' | head -20
	tap $r "$3"
}
same_stty() { # same_stty FILE: compares with the stty before
	tmux_wait_file "$1" || return 1
	diff before "$1" >/dev/null || { diff before "$1" | sed 's/^/# /'; return 1; }
}

tmux_start 120 30 "env PS1='$ ' GTVIEW='$GTVIEW' bash --norc --noprofile -i"
tmux_wait '$'
run 'cd "'"$TMUX_TMP"'" && stty -a >before && mkfifo fifo'
tmux_wait_file before

# the file's own screen, to compare the stream's final one with
run "clear; \"\$GTVIEW\" '$trace'; echo \$? >rc0"
tmux_wait "[timeline]" 30 && sleep 1
tmux_screen | sed '1s/^ gtview [^ ]*  */ gtview NAME /' > file.screen
tmux_keys q
tmux_wait_file rc0

# a FIFO no writer has opened yet: the loading screen says so; q quits
run 'clear; "$GTVIEW" fifo; echo $? >rc1; stty -a >after1'
tmux_wait "waiting for a writer to open the FIFO" 20
tap $? "a FIFO without a writer: the loading screen waits for one"
tmux_keys q
same_stty after1 && [ "$(cat rc1)" = 0 ]
tap $? "q on the loading screen: exit 0 at once, terminal modes as before"

# a writer that sends some 1.3 MB (a few generations), then stalls
size=$(wc -c < "$trace")
run "clear; \"\$GTVIEW\" fifo; echo \$? >rc2; stty -a >after2"
$PACE --rate 2000000 --seed 3 --hold-at 1300000 --hold-file go "$trace" fifo &
writer=$!
tmux_wait "[live:" 30 && tmux_wait "[timeline]" 5
tap $? "before the writer is done the timeline shows the complete generations"
before=$(tmux_screen | head -1)
tmux_keys +
tmux_wait "window 0.000000s-" 5 && [ "$(tmux_screen | head -1)" != "$before" ]
tap $? "keys work while the writer stalls (+ zooms in)"
# a wide terminal: the header also gives the figures so far
tmux_resize 220 30
tmux_wait " STW, heap " 5
tap $? "while live, a wide header gives GC cycles, pauses and the heap so far"
tmux_resize 120 30
tmux_keys 0 # the whole trace again, to compare with the file's screen
touch go
wait $writer
tmux_wait "go1.26" 30
# the final model: the header's mark goes ([live: ...], then
# [building: ...] while the last build runs)
final_screen file.screen stream.screen "when the writer is done the screen is the file's"
tmux_keys q
same_stty after2 && [ "$(cat rc2)" = 0 ]
tap $? "q after the stream: exit 0, terminal modes as before"

# gtview - on a pipe, q while the writer still writes: quits at once
run "clear; $PACE --rate 200000 '$trace' | \"\$GTVIEW\" -; echo \$? >rc3; stty -a >after3"
tmux_wait "[live:" 30
tap $? "gtview - on a pipe shows the generations as they come"
tmux_keys q
same_stty after3 && [ "$(cat rc3)" = 0 ]
tap $? "q while the writer writes: exit 0 at once, terminal modes as before"

# --follow: a file that grows, shown as it does, the right edge following
: > grow.trace
run "clear; \"\$GTVIEW\" --follow grow.trace; echo \$? >rc4"
tmux_wait "waiting for data" 10
$PACE --rate 2000000 --seed 4 --hold-at 1300000 --hold-file go2 "$trace" grow.trace &
writer=$!
tmux_wait "[following:" 30 && tmux_wait "[timeline]" 5
tap $? "--follow shows a file's complete generations as it is written"
touch go2
wait $writer
i=0 # the last generation's build (the file does not end for --follow)
# the format and the length as the file's header gives them (the
# following mark may leave no room for the window)
whole=$(head -1 file.screen | sed 's/.*\(trace format [^ ]*  *[^ ]*\).*/\1/')
while [ $i -lt 600 ] && ! tmux_screen | head -1 | grep -qF "$whole"; do
	sleep 0.1
	i=$((i + 1))
done
line=$(tmux_screen | head -1)
case $line in *"$whole"*) true ;; *) echo "# $line"; echo "# want: $whole"; false ;; esac
tap $? "--follow: once the writer is done, the whole file is shown"
tmux_keys q
tmux_wait_file rc4
"$GTVIEW" stats --follow grow.trace >/dev/null 2>err5
[ $? = 2 ] && grep -q -- "--follow is for the viewer" err5
tap $? "the reports refuse --follow with a clear message"

# an old-format trace on a FIFO: a writer that stalls half way; the
# timeline shows the bytes read so far before it is done (no loading
# screen until the end), and the final screen is the file's
run "clear; \"\$GTVIEW\" '$v1trace'; echo \$? >rc6"
tmux_wait "[timeline]" 30 && sleep 1
tmux_screen | sed '1s/^ gtview [^ ]*  */ gtview NAME /' > v1file.screen
tmux_keys q
tmux_wait_file rc6
run "clear; \"\$GTVIEW\" fifo; echo \$? >rc7"
$PACE --rate 2000000 --seed 5 --hold-at 700000 --hold-file go3 "$v1trace" fifo &
writer=$!
tmux_wait "[live:" 30 && tmux_wait "[timeline]" 5
tap $? "an old-format trace: the timeline shows the bytes read so far before the writer is done"
tmux_screen | head -1 | grep -q "so far, [0-9.]*[KM]iB read"
r=$?
[ $r = 0 ] || tmux_screen | head -1 | sed 's/^/# /'
tap $r "while the writer stalls, the header says how much was read"
touch go3
wait $writer
final_screen v1file.screen v1stream.screen \
	"an old-format trace: when the writer is done the screen is the file's"
tmux_keys q
tmux_wait_file rc7
