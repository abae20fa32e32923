#!/bin/sh
# keymaps-unit-keymap.t: runs the cmocka tests of tests/unit/keymaps_keymap.c (TAP).
bin="$GT_BUILD/tests/keymaps_keymap"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
