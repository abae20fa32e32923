#!/bin/sh
# The reports' cmocka unit tests (tests/unit/report_*.c), as TAP: one test
# point per program, its own report as comments when it fails.
exec sh "$(dirname "$0")/tools/unit-tap.sh" report_dur
