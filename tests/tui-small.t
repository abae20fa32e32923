#!/bin/sh
# tui-small.t: the small things a careful user notices (issue 24): a long
# goroutine id keeps its own column, text cut short ends in an ellipsis,
# goroutine counts are whole numbers, axis ticks are regular and the
# cursor leaves their labels readable, the inspector names a P span
# plainly; the commands' time and blocked-for figures are labelled and
# --json of `goroutines` is said to be JSON Lines.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/shot-lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
echo 1..10

# a goroutine with a 9-digit id (the goroutines-procs text trace, its G6
# renumbered; the batches' sizes grow by the longer varints)
sed -n '/^-- trace --$/,$p' "$here/fixtures/text/go122-goroutines-procs.test" | sed 1d |
	sed 's/new_g=6 /new_g=123456789 /; s/ g=6 / g=123456789 /; s/m=1 time=100 size=50/m=1 time=100 size=53/; s/m=2 time=100 size=22/m=2 time=100 size=25/' |
	"$GTVIEW" assemble - big.trace
shot bigid 80 big.trace 2
ok=$?
grep -Eq '^ G123456789 +NotExist ' bigid.screen || { echo "# id column:"; sed 's/^/#   /' bigid.screen; ok=1; }
grep -Eq '^>G1 +Runnable ' bigid.screen || ok=1
check $ok "a 9-digit goroutine id keeps a blank before the state column"

shot blocked 100 demo.trace 2 b
ok=$?
grep -q ' system goroutine… runtime.gcBgMarkWorker$' blocked.screen || { echo "# no ellipsis on a cut reason"; ok=1; }
check $ok "text cut short ends in an ellipsis"

# the Running lane: Tab twice to the lanes below the Ps, then down to it
shot counts 100 demo.trace '<Tab>' '<Tab>' j j j j j '<Right>' '<Right>'
ok=$?
grep -Eq '^goroutines at the cursor: running [0-9]+, runnable [0-9]+, waiting [0-9]+, syscall [0-9]+$' counts.screen ||
	{ echo "# detail:"; grep 'at the cursor' counts.screen | sed 's/^/#   /'; ok=1; }
check $ok "goroutine counts at the cursor are whole numbers"

# axis ticks: every tick labelled, at equal steps, at several widths and
# zooms, the cursor (on a label or not) leaving every label readable
ok=0
for w in 60 80 100 160 220; do
	shot axis$w-0 $w demo.trace || ok=1
	shot axis$w-1 $w demo.trace l l l '+' '+' '+' '+' || ok=1
	shot axis$w-2 $w demo.trace 3 s '<Enter>' '-' || ok=1
done
python3 - axis*.screen <<'PY' || ok=1
import re, sys
unit = {"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1}
bad = 0
for f in sys.argv[1:]:
    axis = open(f, encoding="utf-8").read().split("\n")[1]
    ticks = axis.count("│") + (1 if axis[10:11] == "┃" else 0)
    labels = re.findall(r"[│┃]([0-9.]+)(s|ms|us|ns)", axis)
    vals = [float(v) * unit[u] for v, u in labels]
    steps = [round(b - a, 3) for a, b in zip(vals, vals[1:])]
    if len(vals) < 2 or len(set(steps)) > 1 or len(labels) < axis.count("│"):
        print("# %s: %r" % (f, axis))
        bad = 1
sys.exit(bad)
PY
check $ok "axis: every tick labelled, at equal steps; the cursor leaves labels readable"

shot pspan 100 demo.trace '<Enter>'
ok=$?
grep -q '^  kind  *a run on a P: from its StateTransition to Running to the next one$' pspan.screen ||
	{ echo "# kind:"; sed 's/^/#   /' pspan.screen; ok=1; }
grep -q 'from Running' pspan.screen && { echo "# from Running"; ok=1; }
check $ok "the inspector names a P span plainly"

"$GTVIEW" stats "$here/fixtures/blocked_go119.trace" >stats.out
grep -Eq '^time: +[0-9]+\.[0-9]{9} s, from -?[0-9]+ ns to [0-9]+ ns$' stats.out && ! grep -q -- '-0\.0' stats.out
check $? "stats: the span, then its ends in whole ns (no '-0.000000 s')"

"$GTVIEW" goroutines --blocked demo.trace >blocked.out
ok=$?
grep -Eq '^10: runtime goroutines .*\[blocked for [0-9.]+m?s\.\.[0-9.]+m?s\]$' blocked.out || { sed -n 1,5p blocked.out | sed 's/^/# /'; ok=1; }
grep -Eq '^1: sleep \[blocked for [0-9.]+m?s\]$' blocked.out || ok=1
check $ok "goroutines --blocked: each group says how long it was blocked, labelled"

"$GTVIEW" goroutines --json demo.trace >g.jsonl
python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 1500 and all(isinstance(json.loads(l), dict) for l in lines)
' g.jsonl
check $? "goroutines --json: one JSON object per line"

ok=0
"$GTVIEW" --help | grep -A1 '^  goroutines .*--json' | grep -q 'JSON Lines' || { echo "# --help"; ok=1; }
man_page="$here/../man/gtview.1"
tr '\n' ' ' <"$man_page" | grep -q 'prints JSON Lines, one JSON object per line' || { echo "# man"; ok=1; }
check $ok "--help and gtview(1) say goroutines --json is JSON Lines"

# the rows below the timeline's lanes: Tab gives them the keys, j scrolls
# them down to the last frame of the stack
SHOT_ROWS=24 shot pv0 80 demo.trace
SHOT_ROWS=24 shot pv1 80 demo.trace '<Tab>' j j j j j j j j
ok=$?
grep -q '▾ [0-9]* more (Tab)' pv0.screen || { echo "# no 'more' mark"; ok=1; }
grep -q 'runtime/mgc\.go:1791' pv0.screen && { echo "# all shown at once?"; ok=1; }
grep -q '^        runtime/mgc\.go:1791$' pv1.screen || { echo "# not scrolled:"; sed 's/^/#   /' pv1.screen; ok=1; }
grep -q '^>P0 ' pv1.screen || { echo "# the lane changed"; ok=1; }
check $ok "timeline: Tab gives the rows below the lanes the keys; they scroll"
