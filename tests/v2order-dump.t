#!/bin/sh
# `gtview dump` of v2 traces against Go's reader's event stream
# ($GT_CORPUS/expected/dump): every event, in order, with its context,
# transition, range, stack.  The text traces are assembled first.
set -u
: "${GTVIEW:?run through make test}"
c=${GT_CORPUS:-}
if [ -z "$c" ] || [ ! -d "$c/expected/dump" ]; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
if "$GTVIEW" dump "$c/v2/esbuild_small_go126.trace" 2>&1 | grep -q "not built yet"; then
	echo "1..0 # SKIP gtview dump not built yet"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
set -- v2/esbuild_small_go126.trace text/go122-annotations.test \
	text/go122-gc-stress.test text/go123-sync.test text/go125-sync.test
echo "1..$#"
i=0
for f in "$@"; do
	i=$((i + 1))
	b=$(basename "$f"); b=${b%.*}
	in="$c/$f"
	case $f in
	*.test)
		if ! "$GTVIEW" assemble "$in" "$tmp/$b.trace" 2>"$tmp/err"; then
			echo "not ok $i - $b: assemble failed"; sed 's/^/# /' "$tmp/err"; continue
		fi
		in="$tmp/$b.trace" ;;
	esac
	"$GTVIEW" dump "$in" >"$tmp/$b.out" 2>"$tmp/err"
	if cmp -s "$tmp/$b.out" "$c/expected/dump/$b.txt"; then
		echo "ok $i - $b: $(wc -l <"$tmp/$b.out") events as Go delivers them"
	else
		echo "not ok $i - $b: dump differs from Go's"
		diff "$c/expected/dump/$b.txt" "$tmp/$b.out" | head -10 | sed 's/^/# /'
		sed 's/^/# /' "$tmp/err" | head -3
	fi
done
