#!/bin/sh
# man-lint.t: man/gtview.1 is clean under `mandoc -Tlint` (else groff -ww).
echo 1..2
page=man/gtview.1
if command -v mandoc >/dev/null 2>&1; then
	# Warnings and errors: none.
	out=$(mandoc -Tlint -Wwarning "$page" 2>&1)
	if [ -z "$out" ]; then echo "ok 1 - mandoc -Tlint -Wwarning: clean"; else
		printf '%s\n' "$out" | sed 's/^/# /'; echo "not ok 1 - mandoc -Tlint -Wwarning: clean"; fi
	# Style messages too, except those about the host's installed manuals.
	out=$(mandoc -Tlint "$page" 2>&1 | grep -v -e 'referenced manual not found' -e 'mandoc.db')
	if [ -z "$out" ]; then echo "ok 2 - mandoc -Tlint (style): clean"; else
		printf '%s\n' "$out" | sed 's/^/# /'; echo "not ok 2 - mandoc -Tlint (style): clean"; fi
else
	out=$(groff -ww -z -mandoc "$page" 2>&1)
	if [ -z "$out" ]; then echo "ok 1 - groff -ww: clean"; else
		printf '%s\n' "$out" | sed 's/^/# /'; echo "not ok 1 - groff -ww: clean"; fi
	echo "ok 2 # SKIP mandoc not installed"
fi
