#!/bin/sh
# keymaps-unit-options.t: runs the cmocka tests of tests/unit/keymaps_options.c (TAP).
bin="$GT_BUILD/tests/keymaps_options"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
