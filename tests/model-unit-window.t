#!/bin/sh
# model-unit-window.t: runs the cmocka tests of tests/unit/model_window.c (TAP).
bin="$GT_BUILD/tests/model_window"
[ -x "$bin" ] || { echo 1..1; echo "not ok 1 - $bin is built"; exit 0; }
cd "$(dirname "$0")/.." || exit 1
CMOCKA_MESSAGE_OUTPUT=TAP exec "$bin"
