#!/bin/sh
# man-examples.t: the command examples of gtview(1) EXAMPLES run as written
# (with a committed fixture in place of the trace names) and succeed.
fixture=tests/fixtures/esbuild_go122.trace
[ -f "$fixture" ] || { echo "1..0 # SKIP no $fixture"; exit 0; }
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
# Literal lines (.Dl, and lines inside .Bd -literal) that run a gtview command.
awk '/^\.Bd -literal/ { on = 1; next } /^\.Ed/ { on = 0; next }
     /^\.Dl / { sub(/^\.Dl /, ""); print; next }
     on { print }' man/gtview.1 |
	grep -E '^gtview (check|stats|dump|goroutines|gc|regions)( |$)' >"$t/examples"
count=$(wc -l <"$t/examples")
echo "1..$((count + 1))"
[ "$count" -ge 3 ] && echo "ok 1 - EXAMPLES has $count subcommand examples" || echo "not ok 1 - EXAMPLES has subcommand examples"
n=1
while IFS= read -r line; do
	n=$((n + 1))
	# trace names in the examples -> the fixture; `gtview` -> the binary under test
	cmd=$(printf '%s\n' "$line" | sed -E "s#[^ ]+\.(out|trace)#$fixture#g; s#^gtview #\"\$GTVIEW\" #")
	case $cmd in
	*'| jq'*) command -v jq >/dev/null 2>&1 || { echo "ok $n # SKIP no jq: $line"; continue; } ;;
	esac
	if sh -c "set -e; $cmd" >"$t/out" 2>"$t/err"; then
		case $line in
		'gtview check'*) echo "ok $n - $line" ;;
		*) if [ -s "$t/out" ] && ! grep -qx null "$t/out"; then echo "ok $n - $line"; else echo "not ok $n - $line (no output)"; fi ;;
		esac
	else
		sed 's/^/# /' "$t/err" | head -5
		echo "not ok $n - $line"
	fi
done <"$t/examples"
