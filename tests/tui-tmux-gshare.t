#!/bin/sh
# tui-tmux-gshare.t: a goroutine's cells show the share of the cell it
# spent running (or in a syscall, or runnable), issue 30 item 6: on etcd,
# G163 runs a few microseconds once a second; its strip in the goroutine
# view and its lane on the timeline drew those cells solid █.  Each busy
# cell must be the share of the cell its busiest state took, in eighths
# (gt_col_eighths: ▏ … ▉, █ for the whole cell), worked out here from the
# goroutine's transitions (`gtview goroutine --json`) at the column
# bounds model/cols.h gives; cells without busy time show no busy glyph.
here=$(cd "$(dirname "$0")" && pwd)
trace=$here/../../shared/corpus/servers/etcd_go119.trace
if [ ! -f "$trace" ]; then
	echo "1..0 # SKIP no $trace"
	exit 0
fi
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
. "$here/tools/tmux-lib.sh"
cd "$TMUX_TMP" || exit 1
echo 1..3
"$GTVIEW" goroutine --json 163 "$trace" >g163.jsonl
"$GTVIEW" stats --json "$trace" >stats.json

# cells ROW T0 T1 N: checks the N cells of ROW (a line of text) against
# the shares from g163.jsonl over [T0, T1) (empty: the goroutine's first
# transition .. the end of the trace)
cells() {
	python3 - "$@" <<'PY'
import json, sys
row, t0, t1, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
if len(row) != n:
    print("# %d cells, not %d: %r" % (len(row), n, row))
    sys.exit(1)
tr = [json.loads(l) for l in open("g163.jsonl")]
st = json.load(open("stats.json"))
t0 = int(t0) if t0 else tr[0]["ts"]
t1 = int(t1) if t1 else st["max_ts"]
spans = [(a["ts"], b["ts"], a["to"]) for a, b in zip(tr, tr[1:])]
spans.append((tr[-1]["ts"], st["max_ts"], tr[-1]["to"]))
w = float(t1 - t0) / n
edge = [t0 + int(w * i) for i in range(n)] + [t1]
FULL = {"Running": "█", "Syscall": "▓", "Runnable": "▒"}
PART = "▏▎▍▌▋▊▉"
bad, busy = [], 0
for i, ch in enumerate(row):
    c0, c1 = edge[i], edge[i + 1]
    ns = {s: 0 for s in FULL}
    for a, z, s in spans:
        if s in ns:
            ns[s] += max(0, min(z, c1) - max(a, c0))
    look = next((s for s in FULL if ns[s] > 0), None)
    if look is None:
        if ch in PART or ch in FULL.values():
            bad.append("col %d: %r, no busy time" % (i, ch))
        continue
    busy += 1
    e = 8 if ns[look] >= c1 - c0 else max(1, (16 * ns[look] // (c1 - c0) + 1) // 2)
    want = FULL[look] if e >= 8 else PART[e - 1]
    if ch != want:
        bad.append("col %d: %r, want %r (%s %d of %d ns)" % (i, ch, want, look, ns[look], c1 - c0))
if busy < 5:
    bad.append("only %d busy cells" % busy)
for b in bad[:10]:
    print("#", b)
sys.exit(1 if bad else 0)
PY
}

tmux_start 130 40 "$GTVIEW $trace"
tmux_wait "[timeline]" 30
tmux_keys 2
tmux_wait "10575 of 10575 goroutines" 30
tmux_keys '&'
tmux_text 163
tmux_keys Enter
tmux_wait '>G163 '
tmux_keys Enter
tmux_wait 'G163 go.etcd.io/etcd/etcdserver/api/v3rpc.monitorLeader.func1'
ok=$?
strip=$(tmux_screen | sed -n 3p)
cells "$strip" "" "" 129 || ok=1
printf '%s\n' "$strip" | grep -q '█' && ok=1 # it never ran a whole cell
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "G163's strip: each busy cell the share of it G163 ran, none solid"

# the legend says what the parts are
tmux_screen | sed -n 4p | grep -q '▏▌▉ part' 
tap $? "the strip's legend names the parts of a cell"

# followed on the timeline, the whole trace: its lane
tmux_keys 0
tmux_wait "[timeline]"
tmux_keys 0
tmux_wait ' G163  followed'
ok=$?
lane=$(tmux_screen | grep '^ G163 ' | head -1 | cut -c11-)
lo=$(python3 -c 'import json; print(json.load(open("stats.json"))["min_ts"])')
hi=$(python3 -c 'import json; print(json.load(open("stats.json"))["max_ts"] + 1)')
cells "$lane" "$lo" "$hi" 120 || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "G163's lane on the timeline: each busy cell the share of it G163 ran"
