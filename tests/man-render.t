#!/bin/sh
# man-render.t: `man -l man/gtview.1` renders every section of the page.
if ! command -v man >/dev/null 2>&1; then echo "1..0 # SKIP no man"; exit 0; fi
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
echo 1..3
MANWIDTH=80 MANPAGER=cat PAGER=cat man -l man/gtview.1 2>"$t/err" | sed 's/.\x08//g' | expand >"$t/page"
[ -s "$t/page" ]
r=$?
[ $r = 0 ] && echo "ok 1 - man -l renders" || { sed 's/^/# /' "$t/err"; echo "not ok 1 - man -l renders"; }
missing=
for s in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS 'KEY BINDINGS' CONFIGURATION ENVIRONMENT \
	FILES 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
	grep -qx "$s" "$t/page" || missing="$missing [$s]"
done
[ -z "$missing" ] && echo "ok 2 - every section is there" || echo "not ok 2 - missing sections:$missing"
# A rendered binding line: keys, then the help and the action name.
grep -Eq '^ +j, <Down> +Select the next line \(move-down\)\.$' "$t/page"
[ $? = 0 ] && echo "ok 3 - KEY BINDINGS renders keys with help and action" ||
	echo "not ok 3 - KEY BINDINGS renders keys with help and action"
