#!/bin/sh
# The text form's cmocka unit tests (tests/unit/text_*.c), as TAP: Go
# quoting, UTF-8, uvarints, txtar, assembler and writer bytes and errors.
set -u
: "${GT_BUILD:?run through make test}"
progs="text_quote text_asm"
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
