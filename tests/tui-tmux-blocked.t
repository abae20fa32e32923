#!/bin/sh
# tui-tmux-blocked.t: the stuck goroutines of real servers, in the real
# binary in tmux (../shared/corpus/servers; skipped without it): the
# list's time columns are named, "waited" (in all) beside "blocked for"
# (now), the latter the CLI's figure (goroutines --blocked --json,
# waited_min_ns); groups whose headers would read alike show the frame
# that tells them apart; groups without a stack their start function;
# goroutines that existed before tracing began their start function from
# tracing's start (G1: runtime.main); reasons read from a stack (Go 1.23+
# traces) are marked so, in the group and in the preview; the history's
# rows say who woke the goroutine, a goroutine or the network poller...
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
srv="${GT_CORPUS:-$here/../../shared/corpus}/servers"
case $srv in /*) ;; *) srv="$here/../$srv" ;; esac
if [ ! -f "$srv/prometheus_go119.trace" ]; then
	echo "1..0 # SKIP no corpus servers/"
	exit 0
fi
echo 1..10
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
tmux_keys q
tmux_gone
