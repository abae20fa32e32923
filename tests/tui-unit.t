#!/bin/sh
# tui-unit.t: the cmocka tests of tui/ (tests/unit/tui_*.c: the headless
# tests' plumbing, the background jobs), as TAP: one test point per
# program, its own report as comments when it fails.
exec sh "$(dirname "$0")/tools/unit-tap.sh" tui_script tui_job
