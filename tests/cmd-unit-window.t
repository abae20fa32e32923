#!/bin/sh
# cmd-unit-window.t: runs the cmocka tests of tests/unit/cmd_window.c (TAP).
bin="$GT_BUILD/tests/cmd_window"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
