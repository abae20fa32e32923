#!/bin/sh
# tui-tmux-threads.t: `t` on the timeline swaps the processor lanes for a
# lane per thread (M<id>) and back, in both formats.  A thread's lane
# shows its syscalls (named by the function that made them, at the
# cursor and in a long enough run), the inspector opened on it names
# goroutine, P and thread, and `?` lists the key.  What is expected comes
# from `gtview threads --json` (the same rule): demo.trace (new format)
# has M15178 in one syscall.read of G26 the whole trace long;
# basic_go119.trace (old format) has G25's 1.01ms syscall.write, which
# blocked, on M0.  The lanes are built on a thread of their own at the
# first `t`: cmd/'s test-only GTVIEW_TEST_MLANES_DELAY_MS makes that build
# last (a pause before it), so that `t` returning at once, keys working
# meanwhile and q quitting at once show as such, not as a race.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/"
cd "$TMUX_TMP" || exit 1
echo 1..16

# The threads' M ids of TRACE, one a line, as `gtview threads` has them.
mids() { "$GTVIEW" threads --json "$1" | sed -n 's/^{"m":\([0-9-]*\),.*/\1/p'; }

"$GTVIEW" threads --json demo.trace |
	grep -q '^{"m":15178,.*"syscalls":{"count":1,.*"g":26,"func":"syscall.read"'
a=$?
"$GTVIEW" threads --json basic_go119.trace |
	grep -q '^{"m":0,.*"blocked":1,"longest":{"ns":1010181,"start_ns":10054232,"g":25,"func":"syscall.write"'
tap $(( a || $? )) "gtview threads: M15178's syscall.read (G26), M0's syscall.write (G25)"

# Every thread of TRACE has its labelled lane on screen, and no P lane
# is left (the lanes' column is the first 10 characters of a row).
all_m_lanes() {
	lanes=$(tmux_screen | sed -n '3,20p' | cut -c1-10)
	ok=0
	for m in $(mids "$1"); do
		printf '%s\n' "$lanes" | grep -Eq "^[ >]M$m +\$" || { echo "# no lane M$m"; ok=1; }
	done
	! printf '%s\n' "$lanes" | grep -Eq '^[ >]P[0-9]+ +$' || { echo "# a P lane is left"; ok=1; }
	[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
	return $ok
}

# --- new format -------------------------------------------------------
tmux_start 140 40 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
tmux_keys t
tmux_wait "a lane per thread (M)"
ok=$?
all_m_lanes demo.trace || ok=1
tap $ok "new format: t shows a lane per thread, labelled M<id>"

# the whole trace's syscall: a run of cells named by its function
tmux_screen | grep -Eq '^ M15178 +syscall syscall\.read G26' ||
	{ tmux_screen | sed 's/^/#   /'; false; }
tap $? "new format: M15178's lane shows its syscall, named syscall.read"

# its lane (the third by id: M15175, M15177, M15178), the detail line
# and the inspector
tmux_keys j j
tmux_wait "M15178 in a syscall from syscall.read of G26"
ok=$?
tmux_keys Enter
tmux_wait "G / P / M" || ok=1
tmux_screen | grep -Eq 'G / P / M +G26 / P[0-9]+ / M15178' || ok=1
tmux_screen | grep -Eq 'syscall in +syscall\.read' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "new format: the syscall at the cursor, its inspector names G26, its P and M15178"

# a run: the first thread's goroutine at the start, opened
tmux_keys Escape k k
tmux_wait ">M15175"
tmux_wait "M15175 runs G1 main.main"
ok=$?
tmux_keys Enter
tmux_wait "G / P / M" || ok=1
tmux_screen | grep -Eq 'G1 main\.main running on P[0-9]+' || ok=1
tmux_screen | grep -Eq 'G / P / M +G1 / P[0-9]+ / M15175' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "new format: a run on a thread's lane, its inspector names G1, its P and M15175"

# back: the P lanes, the window and the cursor kept
tmux_keys Escape + +
tmux_wait "window 0.000000s-0.50"
before=$(tmux_screen | head -1 | sed 's/.*window/window/')
tmux_keys t
tmux_wait "a lane per processor (P)"
ok=$?
tmux_screen | grep -Eq '^>P[0-9]+ ' || ok=1
! tmux_screen | cut -c1-10 | grep -Eq '^[ >]M[0-9]+ +$' || ok=1
[ "$(tmux_screen | head -1 | sed 's/.*window/window/')" = "$before" ] || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "new format: t again brings the P lanes back, same window and cursor"

# ? lists the key
tmux_keys '?'
tmux_wait "[help]"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	tmux_screen | grep -q toggle-threads && break
	tmux_keys j
	sleep 0.1
done
tmux_wait "toggle-threads"
ok=$?
tmux_screen | grep -Eq 't +toggle-threads +Show a lane per thread \(M\)' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "? lists t, toggle-threads"
tmux_new_server

# --- old format -------------------------------------------------------
tmux_start 120 40 "$GTVIEW basic_go119.trace"
tmux_wait "[timeline]"
tmux_keys t
tmux_wait "a lane per thread (M)"
ok=$?
all_m_lanes basic_go119.trace || ok=1
tap $ok "old format: t shows a lane per thread, labelled M<id>"
tmux_keys t
tmux_wait "a lane per processor (P)"
tap $? "old format: t again brings the P lanes back"

# G25's syscall.write shown on the timeline from its goroutine view
# (its 6th row: the syscalls that did not block are folded into their
# Running rows), then the threads: M0, the first lane
tmux_keys /
tmux_text G25
tmux_keys Enter
tmux_wait "Syscall      1.01ms"
for i in 1 2 3 4 5; do tmux_keys j; done
tmux_wait ">0.010054s    Syscall"
tmux_keys 0
tmux_wait "[timeline]"
tmux_keys t
tmux_wait "a lane per thread (M)"
for i in 1 2 3 4 5 6 7 8 9 10; do tmux_keys k; done
tmux_wait ">M0 "
tmux_wait "M0 in a syscall from syscall.write of G25 for 1.01ms"
tap $? "old format: M0's lane has G25's syscall.write at the cursor"
# the window is three times the syscall: a run of cells, named
tmux_screen | grep -Eq '^>M0 +.*syscall syscall\.write G25' ||
	{ tmux_screen | sed 's/^/#   /'; false; }
tap $? "old format: M0's lane shows the syscall, named syscall.write"
tmux_keys Enter
tmux_wait "G / P / M"
ok=$?
tmux_screen | grep -Eq 'G / P / M +G25 / (P[0-9]+|-) / M0' || ok=1
tmux_screen | grep -Eq 'syscall in +syscall\.write' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "old format: its inspector names G25, its P and M0, and syscall.write"

tmux_new_server

# --- the build in the background ---------------------------------------
# A build that lasts 8 s: `t` shows the M lanes' labels at once, each
# lane saying it is being built.
tmux_start 140 40 "GTVIEW_TEST_MLANES_DELAY_MS=8000 $GTVIEW demo.trace"
tmux_wait "[timeline]"
start=$(date +%s)
tmux_keys t
tmux_wait "a lane per thread (M): building the thread lanes" 3
ok=$?
all_m_lanes demo.trace || ok=1
n=$(mids demo.trace | wc -l)
[ "$(tmux_screen | grep -Ec '^[ >]M[0-9]+ +building the thread lanes')" = "$n" ] ||
	{ echo "# not every lane says it is being built"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "t returns at once: a labelled lane per thread, each being built"

# keys meanwhile: down a lane (the detail line says it is being built),
# back to the P lanes and again to the threads, before the build ends
tmux_keys j
tmux_wait "M15177: building the thread lanes" 3
ok=$?
tmux_screen | grep -Eq '^>M15177 ' || ok=1
tmux_keys t
tmux_wait "a lane per processor (P)" 3 || ok=1
tmux_screen | grep -Eq '^[ >]P[0-9]+ ' || ok=1
tmux_keys t
tmux_wait "a lane per thread (M): building the thread lanes" 3 || ok=1
[ $(( $(date +%s) - start )) -lt 7 ] || { echo "# the checks took too long to tell"; ok=1; }
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "keys work while the lanes are built: j, t back to the P lanes, t again"

# then, with no key, the lanes: M15178's syscall
tmux_wait "a lane per thread (M): built in" 30
ok=$?
tmux_screen | grep -Eq '^[ >]M15178 +syscall syscall\.read G26' || ok=1
! tmux_screen | grep -q 'building the thread lanes' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "once built, the lanes are drawn without a key"
tmux_new_server

# q while the lanes are built (a build of a minute): the viewer exits at
# once, 0, nothing on stderr (under ASan: no leak)
tmux_start 140 40 "GTVIEW_TEST_MLANES_DELAY_MS=60000 $GTVIEW demo.trace 2>err; echo \$? >rc"
tmux_wait "[timeline]"
tmux_keys t
tmux_wait "building the thread lanes" 3
ok=$?
tmux_keys q
tmux_wait_file rc 5 || ok=1
[ "$(cat rc 2>/dev/null)" = 0 ] || { echo "# exit $(cat rc 2>/dev/null)"; ok=1; }
[ ! -s err ] || { sed 's/^/#   /' err | head -20; ok=1; }
tap $ok "q while the lanes are built: exit 0 at once, nothing on stderr"
