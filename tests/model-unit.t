#!/bin/sh
# The model's cmocka unit tests (tests/unit/model_*.c), as TAP: one test
# point per program, its own report as comments when it fails.
exec sh "$(dirname "$0")/tools/unit-tap.sh" model_build model_dmap model_glog model_lane model_profile model_progress model_series model_ghist model_wclass
