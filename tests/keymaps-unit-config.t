#!/bin/sh
# keymaps-unit-config.t: runs the cmocka tests of tests/unit/keymaps_config.c (TAP).
bin="$GT_BUILD/tests/keymaps_config"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
