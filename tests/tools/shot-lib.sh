# shot-lib.sh: headless screen tests of the viewer (sourced by
# tests/tui-*.t): a private directory with the demo trace, a pinned
# environment, and
#
#   check STATUS DESCRIPTION      print a TAP line, numbered
#   shot NAME COLS TRACE KEYS...  run the viewer headless (GTVIEW_SCRIPT,
#                                 30 rows, or $SHOT_ROWS) on the keys (one a line, <Key>
#                                 notation or :commands), then write
#                                 NAME.screen and NAME.attrs (tui/dump.h)
#
# $here is the tests directory; the test runs in $SCREEN_TMP.
here=$(cd "$(dirname "$0")" && pwd)
SCREEN_TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$SCREEN_TMP"' EXIT
export TERM=xterm-256color TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$SCREEN_TMP/home" XDG_CONFIG_HOME="$SCREEN_TMP/xdg"
unset NO_COLOR GTVIEW_SCRIPT
cp "$here/fixtures/demo.trace" "$SCREEN_TMP/demo.trace"
cd "$SCREEN_TMP" || exit 1

n=0
check() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

shot() {
	_name=$1 _cols=$2 _trace=$3
	shift 3
	: >"$_name.keys"
	for _k in "$@"; do printf '%s\n' "$_k" >>"$_name.keys"; done
	printf ':save-screen %s.screen\n:save-attrs %s.attrs\n' "$_name" "$_name" >>"$_name.keys"
	GTVIEW_SCRIPT=$_name.keys LINES=${SHOT_ROWS:-30} COLUMNS=$_cols "$GTVIEW" "$_trace" >/dev/null 2>"$_name.err" ||
		{ sed 's/^/# /' "$_name.err"; return 1; }
}
