#!/bin/sh
# tui-tmux-tty.t: the terminal is given back as it was (stty -a) after q,
# SIGINT, SIGTERM, SIGHUP, and Ctrl-Z then fg; the trace can come on stdin
# with keys from /dev/tty.  Runs an interactive bash in tmux.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v bash >/dev/null || { echo "1..0 # SKIP no bash"; exit 0; }
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..11

wait_file() { tmux_wait_file "$1"; }
run() { tmux_text "$1"; tmux_keys Enter; }
same_stty() { # same_stty FILE: compares with the stty before
	wait_file "$1" || return 1
	diff before "$1" >/dev/null || { diff before "$1" | sed 's/^/# /'; return 1; }
}

tmux_start 100 30 "env PS1='$ ' GTVIEW='$GTVIEW' bash --norc --noprofile -i"
tmux_wait '$'
run 'cd "'"$TMUX_TMP"'" && stty -a >before'
wait_file before

run '"$GTVIEW" demo.trace; echo $? >rc1; stty -a >after1'
tmux_wait "[timeline]" && tmux_keys q
same_stty after1 && [ "$(cat rc1)" = 0 ]
tap $? "q: exit 0, terminal modes as before"

run 'clear; "$GTVIEW" demo.trace; echo $? >rc2; stty -a >after2'
tmux_wait "[timeline]" && tmux_keys C-c
same_stty after2 && [ "$(cat rc2)" = 130 ]
tap $? "SIGINT (Ctrl-C): exit 130, terminal modes as before"

run 'clear; sh -c '"'"'echo $$ >pid2b; exec "$GTVIEW" demo.trace'"'"'; echo $? >rc2b; stty -a >after2b'
tmux_wait "[timeline]" && kill -INT "$(cat pid2b)"
same_stty after2b && [ "$(cat rc2b)" = 130 ]
tap $? "SIGINT (kill -INT): exit 130, terminal modes as before"

run 'clear; "$GTVIEW" -k emacs demo.trace; echo $? >rc2c; stty -a >after2c'
tmux_wait "[timeline]" && tmux_keys C-x && tmux_keys C-c
same_stty after2c && [ "$(cat rc2c)" = 0 ]
tap $? "emacs <C-x><C-c>: quits with exit 0 (Ctrl-C reaches the keymap)"

run 'clear; sh -c '"'"'echo $$ >pid3; exec "$GTVIEW" demo.trace'"'"'; echo $? >rc3; stty -a >after3'
tmux_wait "[timeline]" && kill -TERM "$(cat pid3)"
same_stty after3 && [ "$(cat rc3)" = 143 ]
tap $? "SIGTERM: exit 143, terminal modes as before"

run 'clear; sh -c '"'"'echo $$ >pid4; exec "$GTVIEW" demo.trace'"'"'; echo $? >rc4; stty -a >after4'
tmux_wait "[timeline]" && kill -HUP "$(cat pid4)"
same_stty after4 && [ "$(cat rc4)" = 129 ]
tap $? "SIGHUP: exit 129, terminal modes as before"

run 'clear; "$GTVIEW" demo.trace'
tmux_wait "[timeline]" && tmux_keys 2 && tmux_wait "[goroutines]" && tmux_keys C-z
tmux_wait "Stopped"
ok=$?
run 'stty -a >during5'
same_stty during5 || ok=1
tap $ok "Ctrl-Z: suspended, the shell has its terminal modes back"

run 'fg; echo fg-done-5'
tmux_wait "[goroutines]" && tmux_wait "1500 of 1500 goroutines"
tap $? "fg: the viewer redraws where it was"

# typed keys would go to the viewer until it has exited: wait for it
tmux_keys q
tmux_wait fg-done-5
run 'stty -a >after5'
same_stty after5
tap $? "after fg and q: terminal modes as before"

run 'clear; cat demo.trace | "$GTVIEW" -; echo $? >rc6; stty -a >after6'
tmux_wait "<stdin>" && tmux_wait "[timeline]" && tmux_keys 3 && tmux_wait "[gc]" && tmux_keys q
same_stty after6 && [ "$(cat rc6)" = 0 ]
tap $? "trace on stdin, keys from /dev/tty; terminal modes as before"

run 'clear; sh -c '"'"'echo $$ >pid7; exec "$GTVIEW" demo.trace'"'"''
tmux_wait "[timeline]" && kill -TSTP "$(cat pid7)" && tmux_wait "Stopped"
ok=$?
run 'stty -a >during7'
same_stty during7 || ok=1
run 'fg; echo fg-done-7'
tmux_wait "[timeline]" && tmux_keys q && tmux_wait fg-done-7
run 'stty -a >after7'
same_stty after7 || ok=1
tap $ok "kill -TSTP suspends like Ctrl-Z; terminal modes as before, during and after"
