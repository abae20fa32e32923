#!/bin/sh
# tui-term.t: what the viewer does with the terminal it is given: a TERM
# that cannot address the cursor is refused (exit 2, naming TERM) before
# anything is drawn; a locale that is not UTF-8 is said once, on the status
# line and in the help, with how to get Unicode.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
export TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR GTVIEW_SCRIPT
cp "$here/fixtures/demo.trace" "$t/demo.trace"
cd "$t" || exit 1
echo 1..6

n=0
check() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }

# refused TERM VALUE-OR-UNSET EXPECTED-TEXT: exit 2, one line naming TERM
refused() {
	if [ "$1" = unset ]; then
		(unset TERM; "$GTVIEW" demo.trace </dev/null >out 2>err)
	else
		TERM=$1 "$GTVIEW" demo.trace </dev/null >out 2>err
	fi
	rc=$?
	[ "$rc" = 2 ] || { echo "# TERM=$1: exit $rc"; return 1; }
	[ -s out ] && { echo "# TERM=$1: wrote to stdout"; return 1; }
	[ "$(wc -l <err)" = 1 ] && grep -q "^gtview: $2" err ||
		{ echo "# TERM=$1:"; sed 's/^/#   /' err; return 1; }
	# nothing for a terminal: no escape sequence at all
	if LC_ALL=C grep -q "$(printf '\033')" err; then echo "# escape sequence"; return 1; fi
}
refused dumb 'TERM=dumb: this terminal cannot move the cursor'
check $? "TERM=dumb: exit 2, 'TERM=dumb: this terminal cannot move the cursor'"
ok=0
refused unset 'TERM is not set' || ok=1
refused '' 'TERM is not set' || ok=1
check $ok "no TERM, or an empty one: exit 2, 'TERM is not set'"
refused no-such-terminal-x 'TERM=no-such-terminal-x: no such terminal type here'
check $? "an unknown TERM: exit 2, named"

# headless runs with keys from a script: the status line and the help
shot() { # shot NAME KEYS...
	name=$1
	shift
	: >"$name.keys"
	for k in "$@"; do printf '%s\n' "$k" >>"$name.keys"; done
	printf ':save-screen %s.screen\n' "$name" >>"$name.keys"
	GTVIEW_SCRIPT=$name.keys TERM=xterm-256color LINES=30 COLUMNS=100 "$GTVIEW" demo.trace >/dev/null 2>"$name.err"
}
LC_ALL=C LANG=C shot cloc && LC_ALL=C LANG=C shot chelp '?'
ok=$?
tail -n 1 cloc.screen | grep -q '^ASCII lines: the locale LC_ALL=C is not UTF-8; for Unicode set LC_ALL=C.UTF-8' ||
	{ echo "# status:"; tail -n 1 cloc.screen | sed 's/^/#   /'; ok=1; }
grep -q '^ ASCII lines: the locale LC_ALL=C is not UTF-8' chelp.screen || { echo "# not in the help"; ok=1; }
check $ok "LC_ALL=C: the status line and the help say why lines are ASCII and how to get Unicode"

LC_ALL= LC_CTYPE= LANG=xx_YY.UTF-8 shot noloc
ok=$?
tail -n 1 noloc.screen | grep -q '^ASCII lines: the locale LANG=xx_YY.UTF-8 is not installed here; for Unicode install' ||
	{ echo "# status:"; tail -n 1 noloc.screen | sed 's/^/#   /'; ok=1; }
check $ok "a locale that is not installed: said, with the fix"

shot uloc '?'
ok=$?
grep -q 'ASCII lines' uloc.screen && { echo "# UTF-8 locale said ASCII"; ok=1; }
GTVIEW_SCRIPT=uloc.keys TERM=xterm-256color LINES=30 COLUMNS=100 LC_ALL=C "$GTVIEW" --ascii demo.trace >/dev/null 2>&1
grep -q 'ASCII lines' uloc.screen && { echo "# --ascii said why"; ok=1; }
check $ok "UTF-8, or --ascii asked for: no such line"
