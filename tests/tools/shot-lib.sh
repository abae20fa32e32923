# shot-lib.sh: screen-lib.sh for the tests that shoot the demo trace at
# one height (sourced by tests/tui-*.t): runs them in its directory with
# demo.trace copied there, and
#
#   shot NAME COLS TRACE KEYS...  screen-lib's shot, $SHOT_ROWS rows (30)
. "$(cd "$(dirname "$0")" && pwd)/tools/screen-lib.sh"
cp "$here/fixtures/demo.trace" "$t/demo.trace"
cd "$t" || exit 1
shot() {
	_sn=$1 _sc=$2
	shift 2
	screen_shot "$_sn" "$_sc" "${SHOT_ROWS:-30}" "$@"
}
