#!/bin/sh
# The reverse links written at load (what each goroutine woke or created,
# gt_model_g_caused) against the forward causes in every goroutine's
# history (gt_model_g_transitions, the reference): on every trace of the
# corpus and the fixtures, each transition with a cause appears once
# under its causer and nothing else does, in time order, with slices and
# seeks that agree, and no cause left unlisted (tests/unit/model_rlinks.c).
set -u
: "${GT_BUILD:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
if [ ! -d "${GT_CORPUS:-/nonexistent}/v1" ] || [ ! -d "$GT_CORPUS/v2" ]; then
	echo "1..0 # SKIP no corpus at ${GT_CORPUS:-../shared/corpus}"
	exit 0
fi
set --
for f in "$GT_CORPUS"/v1/*.trace "$GT_CORPUS"/v2/*.trace tests/fixtures/*.trace; do
	[ -f "$f" ] && set -- "$@" "$f"
done
exec "$GT_BUILD/tests/model_rlinks" "$@"
