#!/bin/sh
# tui-tmux-syscall.t: the goroutine view's rows and syscalls, in both
# formats.  A syscall that blocked (its P handed off: Syscall -> Runnable,
# gt_syscall_blocked) is its own row, naming the function that made it
# (the frame below the raw syscall wrappers); one that did not block
# (straight back to Running) is an event of the Running row around it:
# one row for the run, "+N syscalls: functions" on it, and each syscall
# with its time and function in the inspector.  basic_go119.trace's G25
# (old format, Go's conversion: Syscall for 1ns) accepts and sets socket
# options without blocking, then blocks in syscall.write; demo.trace's G1
# (new format) makes four syscall.fstatat calls that did not block.  The
# CLI keeps the transitions as Go's reader gives them (checked first).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/"
cd "$TMUX_TMP" || exit 1
echo 1..7

"$GTVIEW" threads --json basic_go119.trace |
	grep -q '"blocked":1,"longest":{"ns":1010181,"start_ns":10054232,"g":25,"func":"syscall.write"'
tap $? "gtview threads: G25's 1.01ms syscall.write blocked"
[ "$("$GTVIEW" goroutine 25 basic_go119.trace | grep -c 'Syscall -> Running')" = 6 ]
tap $? "gtview goroutine: G25's transitions as Go's reader gives them (6 Syscall -> Running)"

# goroutine G of TRACE, in a fresh server; then: its row matching RE
row() {
	tmux_new_server
	tmux_start 120 40 "$GTVIEW $1"
	tmux_wait "[timeline]"
	tmux_keys /
	tmux_text "$2"
	tmux_keys Enter
	tmux_wait "$2 "
	ok=$?
	tmux_screen | grep -Eq "$3" || ok=1
	[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
	return $ok
}

# the rows of G25: one Running row holding its five syscalls, the Syscall
# row that blocked, and no row of a syscall that did not block
row basic_go119.trace G25 '^ 0\.007793s +Running +33\.3us +P2 +\+5 syscalls: syscall\.accept4, syscall\.setsockopt$'
ok=$?
tmux_screen | grep -Eq '^ 0\.010054s +Syscall +1\.01ms +blocked +syscall\.write$' || ok=1
tmux_screen | grep -Eq '^ 0\.011198s +Running +19\.8us +P3 +\+1 syscall: syscall\.Close$' || ok=1
[ "$(tmux_screen | grep -cE '^[ >]0\.0[0-9]+s +(Running|Syscall|Runnable|Waiting) ')" = 8 ] || ok=1
tmux_screen | grep -q 'did not block' && ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "old format: syscalls that did not block folded into their Running rows; the blocked one a row"

# the inspector of that Running row lists them, time and function
tmux_keys j Enter
tmux_wait "Syscalls that did not block in it (5):"
ok=$?
tmux_screen | grep -Eq '^  0\.007794s +1ns +syscall\.accept4$' || ok=1
[ "$(tmux_screen | grep -cE '^  0\.0078[0-9]+s +1ns +syscall\.setsockopt$')" = 4 ] || ok=1
tmux_screen | grep -Eq 'G / P / M +G25 / P2 / M0' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "old format: the Running row's inspector lists its 5 syscalls, its thread"

# the Syscall row that blocked: its inspector names the function
tmux_keys Escape j j j j Enter
tmux_wait "syscall in"
ok=$?
tmux_screen | grep -Eq 'syscall in +syscall\.write' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "old format: the inspector of the blocked syscall names its function"

row demo.trace G1 '^>0\.000043s +Running +893us +P3 +\+4 syscalls: syscall\.fstatat$'
ok=$?
tmux_screen | grep -Eq '^ 0\.000936s +Waiting ' || ok=1
tmux_screen | grep -Eq ' Syscall ' && ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "new format: four syscall.fstatat that did not block, one Running row"

tmux_keys Enter
tmux_wait "Syscalls that did not block in it (4):"
ok=$?
[ "$(tmux_screen | grep -cE '^  0\.000[0-9]+s +[0-9.]+us +syscall\.fstatat$')" = 4 ] || ok=1
tmux_screen | grep -Eq 'G / P / M +G1 / P3 / M15175' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "new format: the inspector lists them and names the run's thread"
