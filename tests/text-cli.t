#!/bin/sh
# `gtview assemble`: exit status and messages.  0 done; 1 bad text (with
# "gtview: FILE:LINE: what", LINE counted in the whole .test file) or bad
# binary for -d ("offset N"); 2 usage or I/O.
set -u
: "${GTVIEW:?run through make test}"
here=$(dirname "$0")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo "1..13"
i=0
check() { # description, then a command; passes when it succeeds
	i=$((i + 1))
	d=$1
	shift
	if "$@"; then echo "ok $i - $d"; else echo "not ok $i - $d"; fi
}
run() { # expected exit, args…: runs gtview, stderr to $tmp/err
	want=$1
	shift
	"$GTVIEW" "$@" > "$tmp/out" 2> "$tmp/err"
	[ $? -eq "$want" ]
}

fx="$here/fixtures/text/go122-gc-stw.test"
check "assemble a .test file" run 0 assemble "$fx" "$tmp/a.trace"
check "the binary starts with the v2 header" \
	sh -c "head -c 16 '$tmp/a.trace' | od -c | grep -q 'g   o       1   .   2   2       t   r   a   c   e  \\\\0  \\\\0  \\\\0'"
check "assemble from stdin to stdout" \
	sh -c "sed -n '/^-- trace --\$/,\$p' '$fx' | sed 1d | '$GTVIEW' assemble - - | cmp -s - '$tmp/a.trace'"
check "no arguments: usage, exit 2" run 2 assemble
check "missing input: exit 2" run 2 assemble "$tmp/none.txt" "$tmp/x"
check "unwritable output: exit 2" run 2 assemble "$fx" "$tmp/no/such/dir/x"

# A bad event on line 9 of the .test file (line 5 of its trace).
{ printf 'comment\n-- expect --\nSUCCESS\n-- trace --\nTrace Go1.22\n'
  printf 'EventBatch gen=1 m=1 time=1 size=3\n\nProcStop dt=1\nProcStop dt=x\n'; } > "$tmp/bad.test"
check "bad text: exit 1" run 1 assemble "$tmp/bad.test" "$tmp/x"
check "bad text: message names file and line" \
	grep -qx "gtview: $tmp/bad.test:9: reading args for ProcStop: failed to parse argument value \"x\" for arg \"dt\"" "$tmp/err"
check "bad text: no output file left" test ! -e "$tmp/x"

head -c 42 "$tmp/a.trace" > "$tmp/cut.trace"
check "-d on a cut trace: exit 1" run 1 assemble -d "$tmp/cut.trace" -
check "-d on a cut trace: offset in the message, events before it printed" \
	sh -c "grep -q 'offset [0-9]*: trace ends inside' '$tmp/err' && head -1 '$tmp/out' | grep -qx 'Trace Go1.22'"

printf -- '-- expect --\nSUCCESS\n' > "$tmp/notrace.test"
check "a .test without its trace file: exit 1" run 1 assemble "$tmp/notrace.test" "$tmp/x"
check "a .test without its trace file: said so" grep -q 'without a "-- trace --" file' "$tmp/err"
