#!/bin/sh
# Round trips through the text form:
#  - text -> binary -> text is identical, for the project's text traces
#    (tests/fixtures/text/*.test) and Go's (corpus text/*.test);
#  - binary -> text -> binary is byte-identical for real traces
#    (tests/fixtures/esbuild_*.trace, corpus v2/esbuild_small_go126.trace),
#    with "#pad" lines keeping the runtime's padded batch sizes; without
#    them the text still comes back the same through minimal uvarints;
#  - `gtview dump --raw` prints the same text as `gtview assemble -d`.
set -u
: "${GTVIEW:?run through make test}"
here=$(dirname "$0")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

texts=$(ls "$here"/fixtures/text/*.test)
bins=$(ls "$here"/fixtures/esbuild_go12*.trace 2>/dev/null)
if [ -d "${GT_CORPUS:-/nonexistent}/text" ]; then
	texts="$texts $(ls "$GT_CORPUS"/text/*.test)"
	bins="$bins $GT_CORPUS/v2/esbuild_small_go126.trace"
fi
n=0
for f in $texts; do n=$((n + 1)); done
for f in $bins; do n=$((n + 3)); done
echo "1..$n"

i=0
ok() { i=$((i + 1)); echo "ok $i - $*"; }
notok() { i=$((i + 1)); echo "not ok $i - $*"; }

for f in $texts; do
	name=$(basename "$f")
	# the "-- trace --" file of the txtar archive
	sed -n '/^-- trace --$/,$p' "$f" | sed 1d > "$tmp/want.txt"
	if "$GTVIEW" assemble "$f" "$tmp/bin" 2> "$tmp/err" &&
	   "$GTVIEW" assemble -d "$tmp/bin" "$tmp/got.txt" 2>> "$tmp/err" &&
	   cmp -s "$tmp/want.txt" "$tmp/got.txt"; then
		ok "text -> binary -> text: $name"
	else
		notok "text -> binary -> text: $name"
		sed 's/^/# /' "$tmp/err"
		diff "$tmp/want.txt" "$tmp/got.txt" 2>&1 | head -5 | sed 's/^/# /'
	fi
done

for f in $bins; do
	name=$(basename "$f")
	if "$GTVIEW" assemble -d --pads "$f" "$tmp/pads.txt" 2> "$tmp/err" &&
	   "$GTVIEW" assemble "$tmp/pads.txt" "$tmp/bin" 2>> "$tmp/err" &&
	   cmp "$f" "$tmp/bin" >> "$tmp/err" 2>&1; then
		ok "binary -> text -> binary: $name ($(grep -c '^#pad' "$tmp/pads.txt") padded)"
	else
		notok "binary -> text -> binary: $name"
		sed 's/^/# /' "$tmp/err"
	fi
	if "$GTVIEW" assemble -d "$f" "$tmp/a.txt" 2> "$tmp/err" &&
	   "$GTVIEW" assemble "$tmp/a.txt" "$tmp/bin" 2>> "$tmp/err" &&
	   "$GTVIEW" assemble -d "$tmp/bin" "$tmp/b.txt" 2>> "$tmp/err" &&
	   cmp -s "$tmp/a.txt" "$tmp/b.txt" && ! grep -q '^#' "$tmp/a.txt" &&
	   grep -v '^#pad' "$tmp/pads.txt" | cmp -s - "$tmp/a.txt"; then
		ok "binary -> text -> minimal binary -> same text: $name"
	else
		notok "binary -> text -> minimal binary -> same text: $name"
		sed 's/^/# /' "$tmp/err"
	fi
	if "$GTVIEW" dump --raw "$f" > "$tmp/dump.txt" 2> "$tmp/err" &&
	   cmp -s "$tmp/dump.txt" "$tmp/a.txt"; then
		ok "dump --raw = assemble -d: $name"
	else
		notok "dump --raw = assemble -d: $name"
		sed 's/^/# /' "$tmp/err"
	fi
done
