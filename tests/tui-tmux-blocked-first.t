#!/bin/sh
# tui-tmux-blocked-first.t: b opens the groups of goroutines blocked at the end
# at their first group, whatever goroutine the list had selected (issue
# 30: on etcd, `2 b` kept G1, of the last group, selected and scrolled
# the first groups above the screen).  The groups, in order, are those of
# `gtview goroutines --blocked --json`.
here=$(cd "$(dirname "$0")" && pwd)
trace=$here/../../shared/corpus/servers/etcd_go119.trace
if [ ! -f "$trace" ]; then
	echo "1..0 # SKIP no $trace"
	exit 0
fi
. "$here/tools/tmux-lib.sh"
cd "$TMUX_TMP" || exit 1
echo 1..3

# the first three groups as the CLI lists them: "COUNT x REASON"
"$GTVIEW" goroutines --blocked --json "$trace" | python3 -c '
import json, sys
for line in list(sys.stdin)[:3]:
    g = json.loads(line)
    print("%d x %s  in %s" % (g["count"], g["reason"], g["top_frame"]))' >groups
[ "$(wc -l <groups)" = 3 ] || echo "# the CLI gave no three groups"

tmux_start 120 30 "$GTVIEW $trace"
tmux_wait "[timeline]" 30
tmux_keys 2
tmux_wait "10575 of 10575 goroutines" 30
ok=$?
tmux_screen | sed -n 4p | grep -q '^>G1 ' || ok=1 # the list starts on G1, of the last group
tap $ok "the goroutine list starts on G1"

tmux_keys b
tmux_wait "Blocked at the end: 61 of 10575 goroutines"
ok=$?
s=$(tmux_screen)
# the first row is the first group's heading, selected
printf '%s\n' "$s" | sed -n 4p | grep -qF ">$(sed -n 1p groups)" || ok=1
# and the next groups follow in the CLI's order
prev=4
for k in 2 3; do
	at=$(printf '%s\n' "$s" | grep -nF " $(sed -n ${k}p groups)" | head -1 | cut -d: -f1)
	if [ -z "$at" ] || [ "$at" -le "$prev" ]; then ok=1; else prev=$at; fi
done
[ $ok = 0 ] || { sed 's/^/# want: /' groups; printf '%s\n' "$s" | sed 's/^/#   /'; }
tap $ok "b shows the first groups on screen, the first one's heading selected"

tmux_keys b
tmux_wait "10575 of 10575 goroutines"
ok=$?
tap $ok "b again lists all the goroutines"
