#!/bin/sh
# The model's cmocka unit tests (tests/unit/model_*.c), as TAP: one test
# point per program, its own report as comments when it fails.
set -u
: "${GT_BUILD:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
progs="model_build"
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
