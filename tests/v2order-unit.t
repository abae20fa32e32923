#!/bin/sh
# The v2 orderer's cmocka unit tests (tests/unit/v2order_*.c), as TAP.
# Each program prints its own plan; prove wants one, so wrap them.
set -u
: "${GT_BUILD:?run through make test}"
progs="v2order_basic v2order_map v2order_validate v2order_memo"
n=0
for p in $progs; do n=$((n + 1)); done
echo "1..$n"
i=0
for p in $progs; do
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
