#!/bin/sh
# man-environment.t: ENVIRONMENT in gtview(1) lists every environment
# variable gtview's code reads (getenv("NAME") and every "GTVIEW_*" name in
# its sources), and every GTVIEW_* it lists is read.
page=man/gtview.1
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
echo 1..3
# The names given as .It Ev NAME [, Ev NAME...] in the section.
sed -n '/^\.Sh ENVIRONMENT/,/^\.Sh /p' "$page" | grep '^\.It Ev ' |
	sed 's/^\.It //; s/ , /\n/g' | sed 's/^Ev //' | LC_ALL=C sort -u >"$t/doc"
# gtview's own sources, wherever the tree puts them: not the tests, the
# benchmark and fuzz harnesses, the build tools or the build's output.
srcs=$(find . \( -path ./.git -o -path ./tests -o -path ./bench -o -path ./fuzz -o -path ./tools \
	-o -name 'build*' \) -prune -o -name '*.[ch]' -print)
{
	grep -ho 'getenv("[A-Za-z_][A-Za-z0-9_]*")' $srcs | sed 's/getenv("//; s/")//'
	grep -ho '"GTVIEW_[A-Z0-9_]*"' $srcs | tr -d '"'
} | LC_ALL=C sort -u >"$t/src"
[ -s "$t/src" ] && [ "$(wc -l <"$t/doc")" -ge 5 ]
[ $? = 0 ] && echo "ok 1 - names found in the code ($(wc -l <"$t/src")) and in ENVIRONMENT ($(wc -l <"$t/doc"))" ||
	echo "not ok 1 - names found in the code and in ENVIRONMENT"
missing=$(LC_ALL=C comm -23 "$t/src" "$t/doc" | tr '\n' ' ')
[ -z "$missing" ] && echo "ok 2 - every variable the code reads is in ENVIRONMENT" ||
	echo "not ok 2 - every variable the code reads is in ENVIRONMENT (missing: $missing)"
stale=$(grep '^GTVIEW_' "$t/doc" | LC_ALL=C comm -23 - "$t/src" | tr '\n' ' ')
[ -z "$stale" ] && echo "ok 3 - every GTVIEW_ variable in ENVIRONMENT is read by the code" ||
	echo "not ok 3 - every GTVIEW_ variable in ENVIRONMENT is read by the code (not read: $stale)"
