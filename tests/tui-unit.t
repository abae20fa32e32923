#!/bin/sh
# tui-unit.t: runs the cmocka tests of tests/unit/tui_script.c (TAP).
bin="$GT_BUILD/tests/tui_script"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
