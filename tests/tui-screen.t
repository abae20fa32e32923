#!/bin/sh
# tui-screen.t: headless screen tests of the viewer (tig's approach).
# GTVIEW_SCRIPT feeds keys in <Key> notation; ":save-screen FILE" dumps the
# screen as text; curses writes to /dev/null with LINES x COLUMNS from the
# environment.  Dumps are compared with tests/tui-golden/NAME.screen;
# GT_UPDATE_GOLDEN=1 rewrites them (review the diff before committing).
. "$(cd "$(dirname "$0")" && pwd)/tools/screen-lib.sh"
cp "$here/fixtures/demo.trace" "$t/demo.trace"
cp "$here/fixtures/esbuild_go122.trace" "$t/go122.trace"
cd "$t" || exit 1

# frame FILE FUNC FILE-RE: below 120 columns a frame is two lines, the
# function (marked "> " when it matched) and its file:line indented under it
frame() {
	grep -A1 -E "^ *(> )?$2\$" "$1" | sed -n 2p | grep -Eq "^ +$3:[0-9]+\$" ||
		{ echo "# $1: no frame $2 with $3:N under it"; return 1; }
}

echo 1..29

# 1-3: the timeline: one lane per P, then GC, STW, assists, heap, counts
shot timeline 100 30 demo.trace
check $? "timeline: runs headless and exits 0 at the end of the script"
ok=0
for lane in P0 P1 P2 P3 GC STW Assist Heap '─ goal' Running Runnable Waiting; do
	grep -Eq "^[ >]$lane( |$)" timeline.screen || { echo "# no lane $lane"; ok=1; }
done
head -1 timeline.screen | grep -q " trace format 1.26  2.02s " || { echo "# header: no trace format 1.26"; ok=1; }
has timeline "trace format 1.26" && has timeline "2.02s" || ok=1
check $ok "timeline: P lanes, GC/STW/assist/heap/count lanes and the header"
golden timeline
check $? "timeline: matches the golden dump"

# 4: zoomed in (on the longest pause), P lanes name the goroutines
shot zoom 100 30 demo.trace 3 s '<Enter>' '-'
grep -Eq '^.P[0-9] .*G[0-9]+ [a-z]' zoom.screen
check $? "zoomed in: a P lane names the goroutine it runs (G<id> <function>)"

# 5-6: the blocked filter groups goroutines blocked at the end
shot blocked 100 30 demo.trace 2 b
ok=$?
has blocked "Blocked at the end: 13 of 1500 goroutines" || ok=1
# the program's own blocked goroutines first, the runtime's folded in one
# group at the end (gt_model_blocked)
grep -n "x runtime goroutines (the runtime's own waits)" blocked.screen | grep -q '^10:' ||
	{ echo "# the runtime's group is not the last"; ok=1; }
has blocked "10 x runtime goroutines (the runtime's own waits)" || ok=1
sed -n 4p blocked.screen | grep -q '^>1 x chan receive  in runtime.gopark  from github.com/evanw/esbuild/pkg/cli.runImpl' ||
	{ echo "# first group is not main's"; ok=1; }
sed -n 6p blocked.screen | grep -q '^ 1 x sleep  in time.Sleep  from github.com/evanw/esbuild/pkg/api' ||
	{ echo "# second group is not the watcher's"; ok=1; }
check $ok "blocked filter: 13 goroutines grouped by reason and stack, the program's own first, the runtime's last"
golden blocked
check $? "blocked filter: matches the golden dump"

# 7: sorting the GC/STW table by duration puts the longest pause first;
# the title starts with the GC's share of the CPU (gtview gc's sentence)
shot gcsort 100 30 demo.trace 3 f s
ok=$?
has gcsort "longest 1.68ms (GC mark termination)" || ok=1
has gcsort "Pauses only: " || ok=1
has gcsort "The pause histogram and the MMU curve show from 173 columns (here 100)" || ok=1
grep -A1 '^ kind' gcsort.screen | tail -n 1 | grep -q '^>STW  *6 .*1\.68ms  GC mark termination' ||
	{ echo "# first row is not the longest pause"; ok=1; }
check $ok "GC view: pauses only, sorted by duration: the longest pause first; where the histogram went"

# 7b: a wide GC view's title starts with the GC's share of the CPU
shot gccpu 200 30 demo.trace 3
has gccpu "GC used 0.8% of the CPU: workers 0.6, assists 0.0, pauses 0.2; 14 STW pauses" &&
	has gccpu "STW pauses by duration"
check $? "GC view: the GC's share of the CPU first in the title; a wide one shows the histogram"

# 8: Enter on a pause row shows it on the timeline, STW lane selected
shot gcjump 100 30 demo.trace 3 f s '<Enter>'
ok=$?
has gcjump "stop-the-world (GC mark termination) 1.68ms" || ok=1
grep -q '^>STW' gcjump.screen || { echo "# STW lane not selected"; ok=1; }
check $ok "GC view: Enter jumps to the pause on the timeline"

# 9-10: search for a function, open a goroutine that runs it
shot search 100 30 demo.trace '/gcBgMark' '<Enter>' '<Enter>'
ok=$?
has search "Goroutine G22" || ok=1
frame search.screen '> runtime\.gcBgMarkWorker' 'runtime/mgc\.go' || ok=1
check $ok "search: a function's goroutine, with the function and file:line in the inspector"
golden search
check $? "search: matches the golden dump"

# 11: help is generated from the action table
shot help 100 30 demo.trace '?'
ok=$?
shot help2 100 30 demo.trace '?' '<PageDown>' '<PageDown>'
for a in quit show-help view-timeline view-goroutines view-gc; do
	grep -q " $a " help.screen || { echo "# help lacks $a"; ok=1; }
done
for a in zoom-in zoom-fit search toggle-blocked; do
	grep -q " $a " help2.screen || { echo "# help (scrolled) lacks $a"; ok=1; }
done
check $ok "help overlay lists the actions with their keys"

# 12: a goroutine's own timeline and events, and its inspector
shot goroutine 100 30 demo.trace 2 '<Enter>' G '<Enter>'
ok=$?
has goroutine "State transition of G1 main.main" || ok=1
frame goroutine.screen 'main\.main' '.*/main\.go' || ok=1
check $ok "goroutine view: Enter on an interval opens its transition with the stack"

# 13: resize follows, and a tiny terminal shows a clear message
shot resize 100 30 demo.trace ':resize 70x20' ':save-screen r70.screen' ':resize 30x8'
ok=$?
has resize "Terminal too small" || ok=1
has resize "30x8" || ok=1
python3 -c 'import sys; sys.exit(any(len(l.rstrip("\n")) > 70 for l in open(sys.argv[1], encoding="utf-8")))' r70.screen ||
	{ echo "# lines wider than 70"; ok=1; }
grep -q "^>P0" r70.screen && grep -q "^ Waiting" r70.screen || { echo "# 70x20 lacks lanes"; ok=1; }
check $ok "resize: redraws at 70x20; 30x8 says the terminal is too small"

# 14: ASCII when the locale is not UTF-8 (and with --ascii)
LC_ALL=C LANG=C shot ascii 100 30 demo.trace 2 b
ok=$?
LC_ALL=C LANG=C LC_ALL=C grep -q '[^ -~]' ascii.screen && { echo "# non-ASCII in the C locale"; ok=1; }
printf ':save-screen asc2.screen\n' >asc2.keys
GTVIEW_SCRIPT=asc2.keys LINES=30 COLUMNS=100 "$GTVIEW" --ascii demo.trace >/dev/null 2>&1
[ -s asc2.screen ] || ok=1
LC_ALL=C grep -q '[^ -~]' asc2.screen && { echo "# non-ASCII with --ascii"; ok=1; }
check $ok "ASCII only in the C locale and with --ascii"

# 15: a trace that cannot be read: message with the offset, exit 1, no screen
printf 'go 1.22 trace\000\000\000\377\377garbage' >bad.trace
GTVIEW_SCRIPT=timeline.keys "$GTVIEW" bad.trace >bad.out 2>bad.err
rc=$?
ok=0
[ "$rc" = 1 ] || { echo "# exit $rc"; ok=1; }
[ -s bad.out ] && { echo "# stdout not empty"; ok=1; }
grep -Eq '^gtview: bad\.trace: offset [0-9]+: .+' bad.err || { echo "# stderr:"; sed 's/^/#   /' bad.err; ok=1; }
check $ok "unreadable trace: 'gtview: FILE: offset N: what', exit 1, terminal untouched"

# 16: a truncated trace opens with the error on the status line
head -c 60000 go122.trace >cut.trace
shot cut 100 30 cut.trace
ok=$?
tail -n 1 cut.screen | grep -Eq 'offset [0-9]+' || { echo "# status:"; tail -n 1 cut.screen | sed 's/^/#   /'; ok=1; }
grep -q '^>P' cut.screen || ok=1
check $ok "truncated trace: what was kept is shown, the error on the status line"

# 17: text and state filters and sorting in the goroutine list
shot filter 100 30 demo.trace 2 '&parseFile<Enter>' s s
ok=$?
has filter 'of 1500 goroutines, matching "parseFile"' || ok=1
has filter 'running▾' || ok=1
grep -E '^[ >]G[0-9]+ ' filter.screen | grep -v 'bundler.parseFile' && { echo "# a row does not match"; ok=1; }
grep -E '^[ >]G[0-9]+ ' filter.screen | awk '{ print $3 }' >run.col
shot state 100 30 demo.trace 2 f f f
has state '13 of 1500 goroutines, state Waiting' || ok=1
check $ok "goroutine list: text filter, state filter, sort by running time"

# 18: mono: no colours with --no-color / NO_COLOR still draws everything
NO_COLOR=1 shot mono 100 30 demo.trace
ok=$?
# the same text but at the cursor's column, where a busy cell shows the
# cursor's line (a reversed busy glyph would look empty; tui-mono.t)
python3 - timeline.screen mono.screen <<'PY' || ok=1
import sys
a, b = (open(f, encoding="utf-8").read().split("\n") for f in sys.argv[1:3])
cut = lambda l: l[:10] + l[11:]
bad = [i for i, (x, y) in enumerate(zip(a, b)) if cut(x) != cut(y)]
if len(a) != len(b) or bad:
    print("# lines differ:", bad)
    sys.exit(1)
if not all(l[10] == "┃" for l in b[2:14]):
    print("# no cursor line in the lanes")
    sys.exit(1)
PY
check $ok "NO_COLOR: the same screen but for the cursor's column (roles fall back to attributes)"

# 19: the mouse (SGR reports decoded by termkey): a click sets the lane and
# the cursor, the wheel zooms there; in a list a click selects, a second opens
shot mouse 100 30 demo.trace ':mouse 1 4 40' ':save-screen click.screen' ':mouse 4 4 40' ':mouse 4 4 40' \
	':save-screen wheel.screen' 2 ':mouse 1 6 5' ':mouse 1 6 5'
ok=$?
grep -q '^>P1 ' click.screen && head -n 1 click.screen | grep -q 'cursor 0.649515s' || { echo "# click"; ok=1; }
head -n 1 wheel.screen | grep -q 'window 0.487136s-0.991071s  cursor 0.649515s' || { echo "# wheel"; ok=1; }
has mouse 'G3 runtime.bgsweep  created before the trace' || ok=1
check $ok "mouse: click selects lane and time, wheel zooms there, click twice opens a row"

# 20: the results' counts per kind; the first goroutine is selected, and
# Enter opens it with the frame of the best-ranked string marked
shot search2 100 30 demo.trace '/runtime.chanrecv' '<Enter>' ':save-screen s2a.screen' '<Enter>'
ok=$?
grep -q '^"runtime.chanrecv": 331 events in 43 goroutines · 2 functions$' s2a.screen &&
	grep -q '^>goroutine G1  *2 events  main.main$' s2a.screen || { echo "# results:"; sed 's/^/#   /' s2a.screen; ok=1; }
has search2 'Goroutine G1' || ok=1
frame search2.screen '> runtime\.chanrecv' 'runtime/chan\.go' || ok=1
check $ok "search: exact function name first; its goroutine's stack marks the frame"

# 21: the longest stop-the-world pause, cold: 3 then s (duration): the
# pauses only (a cycle's length does not compare with a pause's), longest
# first, with their reason; Enter shows it on the
# timeline, whose free rows say who stopped the world and why
shot stw 100 30 demo.trace 3 s ':save-screen stwlist.screen' '<Enter>'
ok=$?
grep -A1 '^ kind' stwlist.screen | tail -n 1 | grep -q '^>STW  *6 .*1\.68ms  GC mark termination  (G[0-9]*)' ||
	{ echo "# first row is not the longest pause:"; sed 's/^/#   /' stwlist.screen; ok=1; }
has stwlist "sorted by duration: pauses only (f: GC cycles only)" || ok=1
grep -q '^>STW' stw.screen || { echo "# STW lane not selected"; ok=1; }
has stw "stop-the-world (GC mark termination) 1.68ms" || ok=1
grep -Eq '^  reason +GC mark termination$' stw.screen || { echo "# no reason in the preview"; ok=1; }
grep -Eq '^  goroutine +G[0-9]+ ' stw.screen || { echo "# no goroutine in the preview"; ok=1; }
check $ok "longest STW: 3, s puts it first with its reason; Enter shows it and its reason on the timeline"

# 22: S reverses every sort column, start time included
shot gcrev 100 30 demo.trace 3 S
ok=$?
has gcrev 'start▾' || ok=1
grep -E '^[ >](GC|STW) ' gcrev.screen | awk '{ print $3 }' >starts
sort -r starts | cmp -s - starts || { echo "# start times not descending:"; sed 's/^/#   /' starts; ok=1; }
[ "$(wc -l <starts)" -gt 5 ] || ok=1
check $ok "GC view: S reverses the start-time order"

# 23: the timeline's free rows show what runs at the cursor and its stack
ok=0
grep -q '^P0 runs G[0-9]* ' timeline.screen || { echo "# no detail line"; ok=1; }
grep -A2 '^Stack where it stopped running:$' timeline.screen | tail -n 2 | tr -d '\n' | grep -Eq '^    [a-z][^ ]*        [^ ]*\.go:[0-9]+$' ||
	{ echo "# no stack frame under the lanes"; ok=1; }
check $ok "timeline: the rows below the lanes show the span at the cursor with its stack"

# 24: a goroutine's intervals, and under them the stack of the selected one
shot gstack 100 30 demo.trace 2 b j '<Enter>' G
ok=$?
has gstack 'G1 main.main  created' || ok=1
grep -q 'Stack when it became Waiting (chan/select: chan receive) at ' gstack.screen || { echo "# no stack pane"; sed 's/^/#   /' gstack.screen; ok=1; }
frame gstack.screen 'runtime\.chanrecv1' 'runtime/chan\.go' || ok=1
check $ok "goroutine view: the selected interval's stack is shown below the list"

# 25: the status line names both pan keys
grep -q 'H/L pan' timeline.screen
check $? "timeline hints: H/L pan"

# 26: in the STW lane h/l step from pause to pause (a pause is often
# narrower than a cell), and the detail line says which and how to step
shot stwstep 100 30 demo.trace '<Tab>' '<Tab>' j l l ':save-screen stwstep2.screen' h
ok=$?
grep -q '^>STW' stwstep.screen || { echo "# STW lane not selected"; ok=1; }
grep -q '^stop-the-world (GC mark termination) 232us from 0.000476s, pause 2 of 14  \[h/l: previous/next\]' stwstep2.screen ||
	{ echo "# l l:"; sed 's/^/#   /' stwstep2.screen; ok=1; }
grep -q '^stop-the-world (start trace) .*, pause 1 of 14 ' stwstep.screen || { echo "# h:"; sed 's/^/#   /' stwstep.screen; ok=1; }
check $ok "timeline: h/l in the STW lane step to the previous/next pause"

# 27: follow one goroutine: from its interval list, 0 shows the interval on
# the timeline with its P lane selected and the goroutine marked as followed;
# Esc comes back to the goroutine; c stops following
# (G1's first row: its run from 0.000043s, the syscalls that did not
# block in it; the cursor at its start, where P3 runs it for 82.2us)
shot follow 100 30 demo.trace 2 '<Enter>' 0 ':save-screen follow1.screen' c ':save-screen follow2.screen' '<Escape>'
ok=$?
grep -q '^>P3 ' follow1.screen || { echo "# P3 not selected"; sed 's/^/#   /' follow1.screen; ok=1; }
grep -q 'G1  followed (c clears)' follow1.screen || { echo "# not marked as followed"; ok=1; }
grep -q '^P3 runs G1 main.main for 82.2us from 0.000043s' follow1.screen || { echo "# detail"; ok=1; }
grep -q 'followed' follow2.screen && { echo "# c did not clear"; ok=1; }
tail -n 1 follow.screen | grep -q '\[goroutine\]' || { echo "# Esc did not come back"; tail -n 1 follow.screen; ok=1; }
check $ok "follow a goroutine: 0 from its intervals, its P lane selected; c clears; Esc comes back"

# 28: deep zoom: neighbouring axis labels never read the same
ok=0
sed -n 2p follow1.screen | grep -o '│[0-9.]*[mun]*s' | uniq -d | grep -q . && { echo "# repeated label:"; sed -n 2p follow1.screen; ok=1; }
[ "$(sed -n 2p follow1.screen | grep -o '│[0-9.]*[mun]*s' | wc -l)" -ge 4 ] || ok=1
check $ok "timeline axis: labels as precise as the ticks"
