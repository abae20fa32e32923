#!/bin/sh
# The v2 reader's and the tables' cmocka unit tests (tests/unit/v2read_*.c,
# tests/unit/tables_*.c), as TAP: one test point per program.
exec sh "$(dirname "$0")/tools/unit-tap.sh" tables_basic v2read_robust
