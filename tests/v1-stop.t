#!/bin/sh
# v1-stop.t: an old-format decode stops when told (tests/unit/v1_stop.c):
# a cancel flag set stops pass 1 with nothing delivered, and a sink that
# stops the pipelined decode half-way gets exactly the events it took
# (the first run's merge is abandoned, not run to the file's end, and the
# decode does not start over).  On the v1 fixtures and the corpus's Go
# 1.7+ and 1.5 traces.
set -u
: "${GT_BUILD:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
set -- tests/fixtures/v1/*.trace
for f in "${GT_CORPUS:-/nonexistent}"/v1/stress_1_5_good.trace \
         "${GT_CORPUS:-/nonexistent}"/v1/stress_1_19_good.trace \
         "${GT_CORPUS:-/nonexistent}"/v1/churn_go119.trace \
         "${GT_CORPUS:-/nonexistent}"/servers/*_go119.trace; do
	[ -f "$f" ] && set -- "$@" "$f"
done
exec "$GT_BUILD/tests/v1_stop" "$@"
