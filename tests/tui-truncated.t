#!/bin/sh
# tui-truncated.t: a truncated trace keeps a mark in the header at every
# width and on every view, after the first key has cleared the status
# line's error; a whole trace has none.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/shot-lib.sh"
head -c 60000 "$here/fixtures/esbuild_go122.trace" >cut.trace
echo 1..3

# every view, each reached by keys, its screen saved: NAME KEYS
views='timeline:1 goroutines:2 goroutine:2,<Enter> inspector:2,<Enter>,<Enter> gc:3 search:/run help:?'
run() { # run TRACE COLS: one script through every view
	: >keys
	for v in $views; do
		printf '%s\n' "$(printf '%s' "${v#*:}" | tr ',' '\n')" >>keys
		printf ':save-screen %s-%s.screen\n<Escape>\n<Escape>\n' "${v%%:*}" "$2" >>keys
	done
	GTVIEW_SCRIPT=keys LINES=24 COLUMNS=$2 "$GTVIEW" "$1" >/dev/null 2>err || { sed 's/^/# /' err; return 1; }
}

ok=0
for w in 60 80 100 132 200; do
	run cut.trace $w || ok=1
	for v in $views; do
		f=${v%%:*}-$w.screen
		head -n 1 "$f" | grep -q ' \[truncated\] ' || { echo "# $f:"; head -n 1 "$f" | sed 's/^/#   /'; ok=1; }
		tail -n 1 "$f" | grep -q "\\[${v%%:*}\\] *\$" || { echo "# $f is not the ${v%%:*} view"; ok=1; }
	done
done
check $ok "truncated trace: [truncated] in the header of every view at 60 to 200 columns"

ok=0
for w in 60 80; do
	for v in $views; do
		head -n 1 "${v%%:*}-$w.screen" | grep -q ' cursor [0-9.]*s *$' || { echo "# ${v%%:*}-$w: no cursor time"; ok=1; }
	done
done
check $ok "narrow: the header still ends with the cursor's time"

run demo.trace 80
ok=$?
grep -l 'truncated\|partial' ./*-80.screen | head -n 1 | grep -q . && { echo "# a mark on a whole trace"; ok=1; }
check $ok "a whole trace has no mark"
