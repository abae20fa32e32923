# screen-lib.sh: headless screen tests of the viewer (sourced by
# tests/tui-screen.t and the other tests/tui-*.t that dump screens).
# GTVIEW_SCRIPT feeds keys in <Key> notation; ":save-screen FILE" dumps
# the screen as text; curses writes to /dev/null with LINES x COLUMNS from
# the environment.  Sets $t (a temporary directory, removed at exit),
# $here (tests/), $golden, and a pinned environment; the caller copies its
# traces into $t and cd's there.
#
#   check STATUS DESCRIPTION       a TAP line
#   shot NAME COLS ROWS TRACE KEYS-LINE...  runs the viewer, dumps NAME.screen
#   golden NAME                    compares NAME.screen with tests/tui-golden
#                                  (GT_UPDATE_GOLDEN=1 rewrites it)
#   has NAME TEXT                  NAME.screen shows TEXT
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/tui-golden
export TERM=xterm-256color TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR
n=0
check() { # check STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# shot NAME COLS ROWS TRACE KEYS-LINE...: runs the viewer, dumps NAME.screen
shot() {
	name=$1 cols=$2 rows=$3 trace=$4
	shift 4
	: >"$name.keys"
	for k in "$@"; do printf '%s\n' "$k" >>"$name.keys"; done
	printf ':save-screen %s.screen\n' "$name" >>"$name.keys"
	GTVIEW_SCRIPT=$name.keys LINES=$rows COLUMNS=$cols "$GTVIEW" "$trace" >"$name.out" 2>"$name.err"
	rc=$?
	[ "$rc" = 0 ] || { echo "# $name: exit $rc"; sed 's/^/#   /' "$name.err"; }
	[ -s "$name.out" ] && { echo "# $name: wrote to stdout"; rc=1; }
	return $rc
}
# golden NAME: compares NAME.screen with the golden dump
golden() {
	if [ -n "$GT_UPDATE_GOLDEN" ]; then
		cp "$1.screen" "$golden/$1.screen"
	fi
	if ! diff -u "$golden/$1.screen" "$1.screen" >"$1.diff"; then
		sed 's/^/# /' "$1.diff"
		return 1
	fi
}
has() { grep -qF -- "$2" "$1.screen" || { echo "# $1: no '$2'"; sed 's/^/#   /' "$1.screen"; return 1; }; }
