#!/bin/sh
# tui-regions.t: headless screen dumps of the regions view (key 4) and of
# a range's statistics (m ... m, M on the timeline) on
# tests/fixtures/v1/basic_go119.trace (a task, two regions, two logs),
# checked against `gtview regions --json` and `--window` reports.
. "$(cd "$(dirname "$0")" && pwd)/tools/screen-lib.sh"
cp "$here/fixtures/v1/basic_go119.trace" "$t/basic.trace"
cd "$t" || exit 1
echo 1..10

# 1-2: the types with the CLI's counts; a golden dump
shot types 100 24 basic.trace 4
ok=$?
has types "2 region types, 1 task types, 1 log categories (the whole trace)" || ok=1
"$GTVIEW" regions --json basic.trace | python3 -c '
import json, sys
d = json.load(sys.stdin)
rows = [l.split() for l in open("types.screen")]
for kind, key in (("region", "regions"), ("task", "tasks")):
    for x in d[key]:
        r = [r for r in rows if len(r) > 3 and r[0] in (kind, ">") and x["type"] in r]
        if not r or str(x["count"]) not in r[0]:
            sys.exit("no row with the count of %s %s" % (kind, x["type"]))
' || ok=1
check $ok "regions view: the region and task types with the counts of regions --json"
golden types
check $? "regions view: matches the golden dump"

# 3: Enter opens a type's instances, longest first
shot inst 100 24 basic.trace 4 '<Enter>'
ok=$?
has inst "Region gc: 1 ended, 0 open, longest first (the whole trace)" || ok=1
begin=$(sed -n 4p inst.screen | awk '{ print $2 }')
grep -Eq '^> [0-9.]+s +20\.4ms +G1 +[█▓▒─┄≈▁▔░]+ *$' inst.screen || { echo "# no instance row"; ok=1; }
check $ok "regions view: Enter lists the instances with begin, duration, goroutine and time split"

# 4: Enter on an instance opens its goroutine at its begin
shot goto 100 24 basic.trace 4 '<Enter>' '<Enter>'
ok=$?
has goto "G1 runtime.main" || ok=1
head -n 1 goto.screen | grep -qF "cursor $begin" || { echo "# cursor is not at $begin"; ok=1; }
check $ok "regions view: an instance opens its goroutine, the cursor at its begin"

# 5: 0 on an instance shows it on the timeline
shot tl 100 24 basic.trace 4 '<Enter>' 0
ok=$?
grep -q '\[timeline\]' tl.screen || ok=1
check $ok "regions view: 0 shows the instance on the timeline"

# 6: Tab lists the logs; & filters them by text
shot logs 100 24 basic.trace 4 '<Tab>' '&end<Enter>'
ok=$?
has logs 'Logs: 1 matching "end" (the whole trace)' || ok=1
grep -Eq '^> [0-9.]+s +G1 +phase +end *$' logs.screen || { echo "# no log row"; ok=1; }
check $ok "regions view: the logs, filtered by a text"

# 7-8: m, motion, m: the range's statistics, the same as the reports' --window
# from 30 columns in (just before the first GC cycle) to 10 columns on
l30=$(printf 'l%.0s' $(seq 30))
l10=$(printf 'l%.0s' $(seq 10))
shot range 100 50 basic.trace "${l30}m" "${l10}m"
ok=$?
has range "Range " || ok=1
w=$(sed -n 's/.*--window \([0-9]*:[0-9]*\)`.*/\1/p' range.screen)
[ -n "$w" ] || { echo "# no window"; ok=1; }
ng=$("$GTVIEW" goroutines --json --window "$w" basic.trace | wc -l)
has range "Goroutine time, $ng goroutines" || ok=1
gc=$("$GTVIEW" gc --json --window "$w" basic.trace | python3 -c '
import json, sys; w = json.load(sys.stdin)["window"]; print(w["assists"])')
[ "$gc" -gt 0 ] && grep -Eq "mark assists .* in $gc assists" range.screen || { echo "# not $gc assists"; ok=1; }
check $ok "mark-range: the range's goroutine count and assists equal the --window reports'"
for s in "Ran most" "Waited most" "Waited most in" "Events by kind" "stop-the-world" "to running"; do
	has range "$s" || ok=1
done
check $ok "mark-range: time per state, GC, who ran and waited most, events by kind"

# 9: M: the statistics of what the timeline shows; the regions view narrows to a marked range
shot whole 100 50 basic.trace M
ok=$?
has whole "--window :\`" || ok=1
shot narrow 100 24 basic.trace llllllllll m lllll m 4
has narrow "0 region types, 0 task types, 0 log categories (begun in the marked range" || ok=1
check $ok "window-stats covers the trace shown; the regions view narrows to the marked range"

# 10: the GC view narrows to a marked range: the cycles and pauses that
# overlap it, as gc --window lists them
shot gcnarrow 100 50 basic.trace "${l30}m" "${l10}m" 3
ok=$?
has gcnarrow "GC cycles; in " || ok=1
want=$("$GTVIEW" gc --json --window "$w" basic.trace | python3 -c '
import json, sys; d = json.load(sys.stdin); print(len(d["cycles"]), len(d["stw"]))')
got=$(sed -n 's/^\([0-9]*\) STW pauses, .*; \([0-9]*\) GC cycles; in .*/\2 \1/p; s/^\([0-9]*\) GC cycles, no stop-the-world pauses; in .*/\1 0/p' gcnarrow.screen)
[ -n "$got" ] && [ "$got" = "$want" ] || { echo "# GC view: '$got' cycles and pauses, gc --window: '$want'"; ok=1; }
check $ok "the GC view narrows to a marked range: the cycles and pauses of gc --window"
