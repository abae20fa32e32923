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
#                                  and NAME.attrs
#   golden NAME                    compares NAME.screen with tests/tui-golden
#                                  (GT_UPDATE_GOLDEN=1 rewrites it)
#   has NAME TEXT                  NAME.screen shows TEXT
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/tui-golden
export TERM=xterm-256color TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR GTVIEW_SCRIPT
n=0
check() { # check STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# shot NAME COLS ROWS TRACE KEYS-LINE...: runs the viewer, dumps
# NAME.screen and NAME.attrs (the video attributes, tui/dump.h);
# screen_shot is the same, for a test that defines its own shot
shot() { screen_shot "$@"; }
screen_shot() {
	_name=$1 _cols=$2 _rows=$3 _trace=$4
	shift 4
	: >"$_name.keys"
	for _k in "$@"; do printf '%s\n' "$_k" >>"$_name.keys"; done
	printf ':save-screen %s.screen\n:save-attrs %s.attrs\n' "$_name" "$_name" >>"$_name.keys"
	GTVIEW_SCRIPT=$_name.keys LINES=$_rows COLUMNS=$_cols "$GTVIEW" "$_trace" >"$_name.out" 2>"$_name.err"
	_rc=$?
	[ "$_rc" = 0 ] || { echo "# $_name: exit $_rc"; sed 's/^/#   /' "$_name.err"; }
	[ -s "$_name.out" ] && { echo "# $_name: wrote to stdout"; _rc=1; }
	return $_rc
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
