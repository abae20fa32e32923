#!/bin/sh
# v2-golden.sh GTVIEW: rewrites tests/v2-golden/ from the committed v2
# fixtures (run it after tests/fixtures/ changed, once `gtview stats --json`
# has been checked against the corpus oracle by tests/v2-corpus.t).
set -eu
gtview=${1:?usage: v2-golden.sh GTVIEW}
cd "$(dirname "$0")/../.."
: > tests/v2-golden/SHA256SUMS
for f in tests/fixtures/esbuild_go12*.trace tests/fixtures/demo.trace; do
	[ -f "$f" ] || continue
	n=$(basename "$f" .trace)
	"$gtview" stats --json "$f" > "tests/v2-golden/$n.stats.json"
	sha256sum "$f" >> tests/v2-golden/SHA256SUMS
done
