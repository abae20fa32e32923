#!/bin/sh
# tui-tmux-window.t: the real binary in tmux: a range marked on the
# timeline (m, motion, m) narrows the goroutine list (2) to the
# goroutines with time in it, with the running and waiting time of
# `goroutines --window --json` for the range its statistics name, and F
# to the groups of `goroutines --by-func --window --json`; c there shows
# the whole trace again.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/basic.trace"
cd "$TMUX_TMP" || exit 1
echo 1..4

tmux_start 120 40 "$GTVIEW basic.trace"
tmux_wait "[timeline]"
tmux_keys l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l m
tmux_wait "move the cursor, m again" && tmux_keys l l l l l l l l l l l l m
tmux_wait "Goroutine time,"
ok=$?
w=$(tmux_screen | sed -n 's/.*--window \([0-9]*:[0-9]*\)`.*/\1/p')
[ -n "$w" ] || { echo "# no --window in the range's statistics"; ok=1; }
"$GTVIEW" goroutines --json --window "$w" basic.trace >win.json
"$GTVIEW" goroutines --by-func --json --window "$w" basic.trace >groups.json
nwin=$(wc -l <win.json)
tap $ok "m, a motion and m: the range's statistics name its --window ($w, $nwin goroutines)"

tmux_keys 2
tmux_wait "$nwin of $nwin goroutines; in " && tmux_wait "(c: the whole trace)"
ok=$?
tmux_screen >list.txt
PYTHONPATH="$here" python3 - <<'PY' || ok=1
import json, re, sys
from report_lib import fmt_dur
want = [json.loads(l) for l in open("win.json")]
got = []
for l in open("list.txt"):
    m = re.match(r"^[ >]G(\d+)\s+\S+\s+(\S+)\s+(\S+)", l)
    if m:
        got.append((int(m.group(1)), m.group(2), m.group(3)))
exp = [(j["g"], fmt_dur(j["running_ns"]), fmt_dur(j["waiting_ns"])) for j in want]
if got != exp or not got:
    sys.exit("# screen %r\n# json   %r" % (got, exp))
PY
tap $ok "2: the range's goroutines, by id, with the running and waiting time of goroutines --window"

tmux_keys F
tmux_wait "most time first; in "
ok=$?
tmux_screen >groups.txt
PYTHONPATH="$here" python3 - <<'PY' || ok=1
import json, re, sys
from report_lib import fmt_dur
want = [json.loads(l) for l in open("groups.json")]
got = []
for l in open("groups.txt"):
    m = re.match(r"^[ >]\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+) (.*)$", l.rstrip())
    if m:
        got.append((int(m.group(1)),) + m.group(2, 3, 4, 5) + (m.group(6) if m.group(6) != "?" else "",))
exp = [(j["count"], fmt_dur(j["running_ns"]), fmt_dur(j["runnable_ns"]), fmt_dur(j["syscall_ns"]),
        fmt_dur(j["waiting_ns"]), j["start_func"]) for j in want]
if sorted(got) != sorted(exp) or not got:
    sys.exit("# screen %r\n# json   %r" % (got, exp))
PY
tap $ok "F: the groups of goroutines --by-func --window, with their figures"

tmux_keys c
nall=$("$GTVIEW" goroutines --json basic.trace | wc -l)
tmux_wait "$nall of $nall goroutines"
ok=$?
tmux_screen | grep -q "; in " && { echo "# still narrowed"; ok=1; }
tap $ok "c: the whole trace's $nall goroutines again"
