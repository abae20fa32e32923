#!/bin/sh
# tui-tmux-syscall.t: the goroutine view's Syscall rows say whether the
# syscall blocked (its goroutine then waited for a P: Syscall ->
# Runnable) and name the function that made it (the frame below the raw
# syscall wrappers), in both formats: demo.trace's G1 (new format) makes
# syscall.fstatat calls that did not block; basic_go119.trace's G25 (old
# format) blocked in syscall.write (`gtview threads --json` says so too,
# checked first).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/"
cd "$TMUX_TMP" || exit 1
echo 1..4

"$GTVIEW" threads --json basic_go119.trace |
	grep -q '"blocked":1,"longest":{"ns":1010181,"start_ns":10054232,"g":25,"func":"syscall.write"'
tap $? "gtview threads: G25's 1.01ms syscall.write blocked"

# goroutine G of TRACE, in a fresh server; then: its row matching RE
row() {
	tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
	sleep 0.5
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

row demo.trace G1 ' Syscall +[0-9.]+[mun]?s +did not block +syscall\.fstatat'
tap $? "new format: a Syscall row that did not block, with its function"
row basic_go119.trace G25 ' Syscall +1\.01ms +blocked +syscall\.write'
tap $? "old format: the Syscall row that blocked, with its function"

# the inspector: a Running interval's thread, a Syscall's function
row demo.trace G1 ' Running '
tmux_keys Enter
tmux_wait "G / P / M"
ok=$?
tmux_screen | grep -Eq 'G / P / M +G1 / P3 / M15175' || ok=1
tmux_keys Escape j Enter
tmux_wait "syscall in" && tmux_screen | grep -Eq 'syscall in +syscall\.fstatat' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "the inspector names the thread of a run and a syscall's function"
