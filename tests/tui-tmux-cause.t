#!/bin/sh
# tui-tmux-cause.t: following causes in the real binary, in tmux: / finds
# a goroutine by id, the goroutine view says who woke it and from where,
# jump-cause lands on the waker at that moment, go-back returns, and the
# reverse links list what a goroutine created; / takes g23 and a bare
# 1470 (no string of the trace contains it) too.  demo.trace: G1 (main.main)
# wakes G3 (runtime.bgsweep) at 0.000481s from runtime.systemstack_switch
# (`gtview goroutine 3` says so too, checked first).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..8

"$GTVIEW" goroutine 3 demo.trace | grep -q '480.8µs  Waiting -> Runnable .*woken by G1 at runtime.systemstack_switch runtime/asm_amd64.s:516'
tap $? "gtview goroutine: G1 woke G3 at 480.8µs"

tmux_start 110 32 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
tmux_keys /
tmux_text G3
tmux_keys Enter
tmux_wait "G3 runtime.bgsweep  created before the trace"
tap $? "/G3 opens goroutine G3"

tmux_keys j
tmux_wait "woken by G1 main.main at runtime.systemstack_switch runtime/asm_amd64.s:516, 0.000481s"
ok=$?
tmux_screen | grep -Eq '^>0\.000481s +Runnable' || { echo "# not on the Runnable interval"; ok=1; }
tap $ok "the goroutine view names the waker and where it woke it"

tmux_keys w
tmux_wait "G1 at 0.000481s"
ok=$?
s=$(tmux_screen)
printf '%s\n' "$s" | grep -q '^G1 main.main' || ok=1
# the row G1 was in at 0.000481s: its run from 0.000043s (the syscalls
# that did not block folded into it, tui-tmux-syscall.t)
printf '%s\n' "$s" | grep -Eq '^>0\.000043s +Running +893us' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "w lands on the waker, on its interval at that moment"

tmux_keys W
tmux_wait "Woke and created (9"
ok=$?
tmux_screen | grep -Eq '0\.000481s +woke +G3 runtime\.bgsweep' || ok=1
tmux_screen | grep -Eq '0\.000059s +created +G23 ' || ok=1
tap $ok "W lists what G1 woke and created"

tmux_keys Escape
tmux_wait "[goroutine]" && tmux_wait "G1 main.main" && tmux_keys Escape &&
	tmux_wait "G3 runtime.bgsweep  created before the trace"
ok=$?
tmux_screen | grep -Eq '^>0\.000481s +Runnable' || ok=1
tap $ok "Escape goes back through the jump to G3, at the same interval"

tmux_keys /
tmux_text g23
tmux_keys Enter
tmux_wait "G23 runtime.traceStartReadCPU.func1  created 0.000059s by G1"
tap $? "/g23 opens goroutine G23"

tmux_keys /
tmux_text 1470
tmux_keys Enter
tmux_wait "G1470 github.com/evanw/esbuild/internal/linker."
tap $? "/1470, a bare number no string contains, opens goroutine G1470"
