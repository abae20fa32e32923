#!/bin/sh
# man-uptodate.t: the KEY BINDINGS section of the committed man/gtview.1 is
# what tools/doc-gen.c makes from keymaps/actions.def and keymaps/*.keys
# now.  When this fails, run `make man` and commit the page.
gen="$GT_BUILD/tools/doc-gen"
echo 1..2
if [ ! -x "$gen" ]; then
	echo "not ok 1 - $gen is built (mk/man.mk)"
	echo "not ok 2 # SKIP no generator"
	exit 0
fi
echo "ok 1 - doc-gen is built"
t=$(mktemp) || exit 1
trap 'rm -f "$t"' EXIT
if "$gen" man/gtview.1 >"$t" && cmp -s "$t" man/gtview.1; then
	echo "ok 2 - man/gtview.1 is up to date"
else
	diff man/gtview.1 "$t" | head -40 | sed 's/^/# /'
	echo "not ok 2 - man/gtview.1 is up to date (run: make man)"
fi
