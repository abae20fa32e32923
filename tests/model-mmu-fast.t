#!/bin/sh
# model-mmu-fast.t: the MMU's fast path (bands and bounds, model/mmu.c)
# equals the exhaustive reference sweep (tests/unit/model_mmu.c) within
# 1e-12, at the curve's widths and others, on the fixtures and on every
# trace of the corpus.
set -u
: "${GT_BUILD:?run through make test}"
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "${GT_CORPUS:-}/v1" ]; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec "$GT_BUILD/tests/model_mmu" "$here"/fixtures/*.trace "$here"/fixtures/v1/*.trace \
	"$GT_CORPUS"/v1/*.trace "$GT_CORPUS"/v2/*.trace "$GT_CORPUS"/truncated/*.trace
