#!/bin/sh
# tui-tmux-escape.t: Escape and a key that arrive together (over SSH one
# packet may carry both) read as Alt+key; an Alt+key with no binding is
# taken as Escape then the key, so neither is lost.  The Escape wait is
# the config's escape-delay.  Real binary, real libtermkey, in tmux.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..7

# at_row2: the goroutine list, its second goroutine selected
at_row2() {
	tmux_wait "[goroutines]" || return 1
	tmux_screen | grep -Eq '^>G2 ' || { echo "# second row not selected"; tmux_screen | sed 's/^/#   /'; return 1; }
}

tmux_start 100 30 "$GTVIEW demo.trace"
tmux_wait "[timeline]" && tmux_keys 2 && tmux_wait "1500 of 1500" && tmux_keys Enter && tmux_wait "[goroutine]" &&
	tmux_keys Escape j && at_row2
tap $? "Escape and j sent together: back to the list, then down a row"

tmux_keys k Enter && tmux_wait "[goroutine]" && tmux_keys M-j && at_row2
tap $? "an unbound Alt+j is Escape then j"

tmux_keys /
tmux_text gcBg
tmux_wait "/gcBg" && tmux_keys M-3 && tmux_wait "[gc]"
ok=$?
tmux_screen | grep -q '/gcBg' && { echo "# the prompt is still open"; ok=1; }
tap $ok "in the search prompt, Alt+3 closes the prompt, then 3 opens the GC view"

tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
TMUX_SOCK="gt$$-emacs"
tmux_start 100 30 "$GTVIEW -k emacs demo.trace"
tmux_wait "[timeline]" && tmux_keys 2 && tmux_wait "1500 of 1500" && tmux_keys C-v && sleep 0.3 &&
	tmux_keys M-v && sleep 0.3
ok=$?
tmux_screen | grep -Eq '^>G1 ' || { echo "# M-v did not page up"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "a bound Alt key (emacs M-v) still runs its action"

# lone_escape_waits NAME CMD: in a new server running CMD, a lone Escape
# in the goroutine view acts only after about 1.5 s
lone_escape_waits() {
	tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
	TMUX_SOCK="gt$$-$1"
	tmux_start 100 30 "$2"
	tmux_wait "[timeline]" && tmux_keys 2 && tmux_wait "1500 of 1500" && tmux_keys Enter &&
		tmux_wait "[goroutine]" && tmux_keys Escape && sleep 0.6 || return 1
	tmux_screen | grep -q '\[goroutine\] *$' || { echo "# Escape acted before the wait"; return 1; }
	tmux_wait "[goroutines]" 5
}

mkdir -p "$XDG_CONFIG_HOME/gtview"
echo 'set escape-delay 1500' >"$XDG_CONFIG_HOME/gtview/config"
lone_escape_waits delay "$GTVIEW demo.trace"
tap $? "set escape-delay 1500: a lone Escape waits that long, then goes back"

echo 'set escape-delay 10' >"$XDG_CONFIG_HOME/gtview/config"
lone_escape_waits flag "$GTVIEW --escape-delay 1500 demo.trace"
tap $? "--escape-delay 1500 overrides the config's escape-delay"

"$GTVIEW" --escape-delay=-1 demo.trace >out 2>err
rc=$?
[ "$rc" = 2 ] && grep -q '^gtview: --escape-delay: escape-delay must be milliseconds from 0 to 10000' err
tap $? "--escape-delay with a bad value: usage error, exit 2"
