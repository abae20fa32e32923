#!/bin/sh
# tui-term.t: what the viewer does with the terminal it is given: a TERM
# that cannot address the cursor is refused (exit 2, naming TERM) before
# anything is drawn; a locale that is not UTF-8 is said once, on the status
# line and in the help, with how to get Unicode.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/shot-lib.sh"
echo 1..6

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
LC_ALL=C LANG=C shot cloc 100 demo.trace && LC_ALL=C LANG=C shot chelp 100 demo.trace '?'
ok=$?
tail -n 1 cloc.screen | grep -q '^ASCII lines: the locale LC_ALL=C is not UTF-8; for Unicode set LC_ALL=C.UTF-8' ||
	{ echo "# status:"; tail -n 1 cloc.screen | sed 's/^/#   /'; ok=1; }
grep -q '^ ASCII lines: the locale LC_ALL=C is not UTF-8' chelp.screen || { echo "# not in the help"; ok=1; }
check $ok "LC_ALL=C: the status line and the help say why lines are ASCII and how to get Unicode"

LC_ALL= LC_CTYPE= LANG=xx_YY.UTF-8 shot noloc 100 demo.trace
ok=$?
tail -n 1 noloc.screen | grep -q '^ASCII lines: the locale LANG=xx_YY.UTF-8 is not installed here; for Unicode install' ||
	{ echo "# status:"; tail -n 1 noloc.screen | sed 's/^/#   /'; ok=1; }
check $ok "a locale that is not installed: said, with the fix"

shot uloc 100 demo.trace '?'
ok=$?
grep -q 'ASCII lines' uloc.screen && { echo "# UTF-8 locale said ASCII"; ok=1; }
GTVIEW_SCRIPT=uloc.keys TERM=xterm-256color LINES=30 COLUMNS=100 LC_ALL=C "$GTVIEW" --ascii demo.trace >/dev/null 2>&1
grep -q 'ASCII lines' uloc.screen && { echo "# --ascii said why"; ok=1; }
check $ok "UTF-8, or --ascii asked for: no such line"
