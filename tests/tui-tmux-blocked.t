#!/bin/sh
# tui-tmux-blocked.t: the stuck goroutines of real servers, in the real
# binary in tmux (../shared/corpus/servers; skipped without it): the
# list's time columns are named, "waited" (in all) beside "blocked for"
# (now), the latter the CLI's figure (goroutines --blocked --json,
# waited_min_ns); groups whose headers would read alike show the frame
# that tells them apart; groups without a stack their start function;
# goroutines that existed before tracing began their start function from
# tracing's start (G1: runtime.main); reasons read from a stack (Go 1.23+
# traces) are marked so, in the group and in the preview, and in the
# list's reason column with a "*" that ? explains; the history's
# rows say who woke the goroutine, a goroutine or the network poller...
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
srv="${GT_CORPUS:-$here/../../shared/corpus}/servers"
case $srv in /*) ;; *) srv="$here/../$srv" ;; esac
if [ ! -f "$srv/prometheus_go119.trace" ]; then
	echo "1..0 # SKIP no corpus servers/"
	exit 0
fi
echo 1..12
prom="$srv/prometheus_go119.trace"
buf="$srv/buf_lsp_go127.trace"

tmux_start 160 60 "$GTVIEW $prom"
tmux_wait "[timeline]"
tmux_keys 2
tmux_wait "421 of 421 goroutines"
s=$(tmux_screen)
ok=0
printf '%s\n' "$s" | grep -Eq '^>G1 +Waiting .* runtime\.main$' || ok=1
printf '%s\n' "$s" | grep -Eq '^ G2 +Waiting .* runtime\.forcegchelper$' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "goroutines that existed before tracing: start functions from tracing's start"

printf '%s\n' "$s" | grep -Eq '^ goroutine.*state +running +waited +blocked for +reason +start function'
tap $? "160 columns: both time columns, named waited and blocked for"

tmux_keys b
tmux_wait "Blocked at the end: 44 of 421"
s=$(tmux_screen)
# G353: blocked 6477614 ns at the end (the CLI's waited_min_ns), 4s waited
want=$("$GTVIEW" goroutines --blocked --json "$prom" | python3 -c '
import json, sys
sys.path.insert(0, sys.argv[1])
from report_lib import fmt_dur
for l in sys.stdin:
    g = json.loads(l)
    if g["goroutines"] == [353]:
        print(fmt_dur(g["waited_min_ns"]))' "$here")
printf '%s\n' "$s" | grep -Eq "^   G353 +Waiting +[^ ]+ +[^ ]+ +$want +network " 
tap $? "blocked for: the CLI's figure ($want for G353), beside its time waited"

n=$(printf '%s\n' "$s" | grep -c '^ 3 x network  in internal/poll\.(\*FD)\.Read  at ')
a=$(printf '%s\n' "$s" | grep '^ 3 x network  in internal/poll\.(\*FD)\.Read  at ' | sort -u | wc -l)
printf '%s\n' "$s" | grep -q 'at http.(\*connReader).Read:786$' &&
	printf '%s\n' "$s" | grep -q 'at http.(\*persistConn).Read:1929$' &&
	[ "$n" = 2 ] && [ "$a" = 2 ]
tap $? "groups that read alike: each shows the first frame that tells it apart"

printf '%s\n' "$s" | grep -Eq '^ 9 x waiting since before the trace started \(no reason in the trace\)  in \(no stack\)  started in github\.com/oklog/run\.\(\*Group\)\.Run\.func2$'
tap $? "groups without a stack: told apart by their start function"

# who woke it, on the history's rows: a goroutine, or when none did the
# network poller (a wait for the network) or no goroutine at all
tmux_keys /
tmux_text G491
tmux_keys Enter
ok=0
tmux_wait "G491 net/http.(*conn).serve  created before the trace" || ok=1
s=$(tmux_screen)
printf '%s\n' "$s" | grep -Eq '^ 0\.213436s +Runnable +[^ ]+ +woken outside any goroutine$' || ok=1
printf '%s\n' "$s" | grep -Eq '^ 0\.221540s +Runnable +[^ ]+ +woken by G742$' || ok=1
printf '%s\n' "$s" | grep -Eq '^ 0\.713182s +Runnable +[^ ]+ +woken by the network poller$' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "the history's rows say who woke it: G742, the network poller, no goroutine"
tmux_keys j w
tmux_wait "G491 was woken outside any goroutine: no goroutine to go to"
tap $? "w on a wake no goroutine made says who made it"
tmux_keys Escape
tmux_wait "Blocked at the end: 44 of 421"

tmux_resize 80 30
tmux_wait "blocked for"
tap $? "80 columns: the blocked view keeps its blocked for column"
tmux_keys b
tmux_wait "421 of 421 goroutines" && ! tmux_screen | grep -q "blocked for"
tap $? "80 columns, all goroutines: no room, one time column"
tmux_keys q
tmux_gone

tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
tmux_start 160 50 "$GTVIEW $buf"
tmux_wait "[timeline]"
tmux_keys 2
tmux_wait "goroutines"
tmux_keys b
tmux_wait "Blocked at the end"
# the first group has 14 goroutines: the next one's header, then G1
tmux_keys g g
i=0
while [ $i -lt 16 ]; do tmux_keys j; i=$((i + 1)); done
ok=0
tmux_wait "G1 Waiting since" || ok=1
s=$(tmux_screen)
printf '%s\n' "$s" | grep -q '^ 1 x chan receive (read from the stack)  in runtime\.gopark' || ok=1
printf '%s\n' "$s" | grep -q 'G1 Waiting since [0-9.]*s (chan receive (read from the stack))' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "Go 1.23+: reasons read from the stack, marked so in the group and the preview"

# the reason column: "reason*" for exactly the goroutines whose group's
# reason was read from the stack (goroutines --blocked --json), the
# reason alone for those the trace gives one
tmux_keys g g
sleep 0.3
tmux_screen >"$TMUX_TMP/screen.txt"
"$GTVIEW" goroutines --blocked --json "$buf" >"$TMUX_TMP/blocked.json"
python3 - "$TMUX_TMP/screen.txt" "$TMUX_TMP/blocked.json" <<'PY'
import json, re, sys
screen = open(sys.argv[1]).read().splitlines()
want = {}
for l in open(sys.argv[2]):
    g = json.loads(l)
    if g["runtime"] or not (g["reason_known"] or g["reason_from_stack"]):
        continue
    for x in g["goroutines"]:
        # the column has 17 cells; the mark shows however long the reason
        mark = "*" if g["reason_from_stack"] else ""
        r = g["reason"] + mark
        want[x] = (r if len(r) <= 17 or not mark else g["reason"][:15] + "\u2026" + mark)
        want[x] = want[x] if len(want[x]) <= 17 else want[x][:16] + "\u2026"
seen = {}
for l in screen:
    m = re.match(r"^[ >]  G(\d+) +Waiting +\S+ +\S+ +\S+ (.{17}) ", l)
    if m and int(m.group(1)) in want:
        seen[int(m.group(1))] = m.group(2).rstrip()
bad = [(g, r, want[g]) for g, r in seen.items() if r != want[g]]
marked = sum(r.endswith("*") for r in seen.values())
plain = sum(not r.endswith("*") for r in seen.values())
print("# %d rows checked, %d marked, %d not; wrong: %s" % (len(seen), marked, plain, bad[:3]))
sys.exit(0 if not bad and marked >= 4 and plain >= 10 else 1)
PY
ok=$?
[ $ok = 0 ] || sed "s/^/#   /" "$TMUX_TMP/screen.txt"
tap $ok "the list's reason column marks reasons read from the stack with *"

tmux_keys '?'
tmux_wait "gtview keys"
ok=$?
i=0
while [ $i -lt 12 ]; do tmux_keys C-d; i=$((i + 1)); done
tmux_wait "Goroutine list (2)" || ok=1
tmux_screen | grep -q "^ *reason\* *a reason read from the goroutine's stack: the trace gives none" || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "? explains the mark"
tmux_keys Escape
tmux_keys q
tmux_gone
