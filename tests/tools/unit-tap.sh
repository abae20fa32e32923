#!/bin/sh
# unit-tap.sh PROG...: runs cmocka unit-test programs ($GT_BUILD/tests/PROG,
# built from tests/unit/PROG.c) as one TAP stream: a test point per
# program, its own report as comments when it fails.
set -u
: "${GT_BUILD:?run through make test}"
echo "1..$#"
i=0
for p in "$@"; do
	i=$((i + 1))
	out=$(CMOCKA_MESSAGE_OUTPUT=TAP "$GT_BUILD/tests/$p" 2>&1)
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok $i - $p"
	else
		echo "not ok $i - $p (exit $rc)"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
