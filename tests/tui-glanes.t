#!/bin/sh
# tui-glanes.t: the looks of goroutine lanes (headless screen dumps of
# demo.trace, following G1 over the whole trace): waits are drawn by the
# class of their reason, the one the model keeps (the reasons the
# goroutines entered Waiting with, as `gtview goroutine --json` says);
# each look has its own colour in 256 and in 8 colours, without colour
# waits are dim and nothing is reversed, in ASCII each look has its own
# character as the legend says; the row under the lanes and the inspector
# name the class and reason at the cursor.  The three screens are golden
# (and the monochrome one's attributes).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/shot-lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
echo 1..9

look() { python3 "$here/tools/glanes_look.py" "$@"; }
# the goroutine lanes' ids on screen NAME, comma-separated
ids() { sed -n 's/^[ >]\*\{0,1\}G\([0-9]*\) [ ^v▴▾]*  .*/\1/p' "$1.screen" | paste -sd, -; }
follow='/G1<Enter>'
fit='G 0 0'

shot glanes 110 demo.trace "$follow" "$fit" ':save-colors glanes.colors'
ok=$?
list=$(ids glanes)
"$GTVIEW" goroutine --json "$list" demo.trace >history.jsonl || ok=1
look reasons glanes.screen history.jsonl || ok=1
check $ok "lanes of G1 and its wakers ($list): waits drawn by the classes of their reasons"

ok=0
look colors glanes.screen glanes.colors || ok=1
TERM=xterm shot glanes8 110 demo.trace "$follow" "$fit" ':save-colors glanes8.colors' || ok=1
grep -q '^ G1  ' glanes8.screen || ok=1
look colors glanes8.screen glanes8.colors || ok=1
check $ok "each look its own colour, in 256 and in 8 colours"

NO_COLOR=1 shot glanesm 110 demo.trace "$follow" "$fit"
ok=$?
look mono glanesm.screen glanesm.attrs || ok=1
check $ok "NO_COLOR: no lane cell reversed, waits dim, running bold"

LC_ALL=C LANG=C NO_COLOR=1 shot glanesa 110 demo.trace "$follow" "$fit"
ok=$?
look ascii glanesa.screen || ok=1
LC_ALL=C grep -q '[^ -~]' glanesa.screen && { echo "# non-ASCII"; ok=1; }
check $ok "ASCII: the lanes and their legend draw 9 looks with 9 characters"

# down into G1's lane, the cursor on its wait: the row under the lanes
# and the inspector (Enter) name the class and the reason
shot glanesd 110 demo.trace "$follow" "$fit" 'jjjjjjjjjjjj' ':save-screen glanesd0.screen' '<Enter>'
ok=$?
grep -q '^G1 main.main Waiting (chan/select: chan receive) for ' glanesd0.screen ||
	{ echo "# detail:"; sed 's/^/#   /' glanesd0.screen; ok=1; }
grep -q '^ *waits on  *chan/select$' glanesd.screen || { echo "# inspector:"; sed 's/^/#   /' glanesd.screen; ok=1; }
check $ok "the row under the lanes and the inspector name the wait's class and reason"

for s in glanes glanesm glanesa; do
	golden $s
	check $? "$s: matches the golden dump"
done
[ -n "$GT_UPDATE_GOLDEN" ] && cp glanesm.attrs "$golden/glanesm.attrs"
diff -u "$golden/glanesm.attrs" glanesm.attrs | sed 's/^/# /'
cmp -s "$golden/glanesm.attrs" glanesm.attrs
check $? "glanesm: its attributes match the golden dump"
