#!/bin/sh
# The v1 decoder's cmocka unit tests (tests/unit/v1_*.c), as TAP: one test
# point per program.
exec sh "$(dirname "$0")/tools/unit-tap.sh" v1_decode
