#!/bin/sh
# tui-tmux-profile-waits.t: the profile view (5) in the real binary inside
# tmux: f cycles the kinds net, sync, syscall, sched, cpu; a trace
# without CPU samples says so; rows without flat time come by cumulative
# time (as pprof -top); stack rows leave out the frames all of them share
# when those would cut off the ones that differ; a function's waits,
# longest first, are those of `gtview waits` whose stack has the
# function; Enter on one opens its goroutine at the wait's start.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cp "$here/fixtures/v1/basic_go119.trace" "$TMUX_TMP/basic.trace"
cd "$TMUX_TMP" || exit 1
echo 1..7

tmux_start 120 34 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
tmux_keys 5
tmux_wait "sync profile: 543 waits"
ok=$?
seen=sync
for k in syscall sched cpu net sync; do
	tmux_keys f
	tmux_wait "$k profile (f: net, sync, syscall, sched, cpu)" || ok=1
	seen="$seen $k"
done
tap $ok "f cycles the kinds: $seen"

# the sync table: flat descending, and where flat is equal, cum descending
tmux_settle
tmux_screen > top.txt
python3 - top.txt <<'PY'
import re, sys
UNIT = {'ns': 1, 'us': 1e3, 'ms': 1e6, 's': 1e9}
def ns(v):
    m = re.match(r'([0-9.]+)(ns|us|ms|s)$', v)
    return float(m.group(1)) * UNIT[m.group(2)]
rows = [l[1:].split() for l in open(sys.argv[1]) if re.match(r'[> ] +[0-9.]+(ns|us|ms|s) +[0-9.]+%', l)]
keys = [(ns(r[0]), ns(r[2])) for r in rows]
zero = [k for k in keys if k[0] == 0]
if len(rows) < 10 or len(zero) < 5 or keys != sorted(keys, reverse=True):
    print('# rows not by flat then cum: %s' % keys)
    sys.exit(1)
PY
tap $? "rows by flat time, those with none (and equal ones) by cumulative time"

# stacks through runtime.chanrecv1: the innermost frame all share goes
# where a row would not fit, and the frame that differs shows whole
tmux_keys Enter Tab
tmux_wait "stacks through runtime.chanrecv1"
ok=$?
tmux_settle
tmux_screen | grep -Eq '^ +[0-9.]+ms +[0-9.]+% +[0-9]+  \+1 < github\.com/evanw/esbuild/internal/bundler\.\(\*scanner\)\.scanAllDependencies < ' ||
	{ echo "# no row led by +1"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "stack rows: the shared frame left out (+1 <), the differing one whole"

# a function's waits: Escape to the table, Down to sync.(*Mutex).Lock,
# Right opens it, Tab Tab its waits
tmux_keys Escape
tmux_wait "callers and callees of runtime.chanrecv1"
tmux_keys Escape
tmux_wait "sync profile: 543 waits"
tmux_keys Down Right
tmux_wait "callers and callees of sync.(*Mutex).Lock"
ok=$?
tmux_keys Tab
tmux_wait "stacks through sync.(*Mutex).Lock" || ok=1
tmux_keys Tab
tmux_wait "waits through sync.(*Mutex).Lock" || ok=1
tap $ok "Right opens a function, Tab its stacks, Tab its waits"

tmux_settle
tmux_screen > waits.txt
"$GTVIEW" waits --kind sync --json demo.trace > waits.json
python3 - waits.txt waits.json <<'PY'
import json, re, sys
screen = open(sys.argv[1]).read()
f = 'sync.(*Mutex).Lock'
w = [json.loads(l) for l in open(sys.argv[2])]
mine = [x for x in w if any(fr['func'] == f for fr in x['stack'])]
head = re.search(r'(\d+) waits through sync\.\(\*Mutex\)\.Lock', screen)
rows = re.findall(r'^[> ] +[0-9.]+(?:ns|us|ms|s) +([0-9.]+)s +G(\d+) +(G\d+|-) ', screen, re.M)
bad = []
if not head or int(head.group(1)) != len(mine):
    bad.append('count %s, waits --kind sync has %d through %s' % (head and head.group(1), len(mine), f))
# in order, longest first: the goroutines and their wakers (the screen's
# starts are from the trace's start, the JSON's on the trace's clock)
want = [(str(x['g']), 'G%d' % x['by_g'] if x['by_g'] is not None else '-') for x in mine[:len(rows)]]
got = [(g, b) for _, g, b in rows]
if got != want or len(rows) < 5:
    bad.append('rows %s, want %s' % (got, want))
for b in bad:
    print('# ' + b)
sys.exit(1 if bad else 0)
PY
tap $? "the waits: the count and the rows (goroutine, waker) of waits --kind sync through the function"

first=$(sed -n 's/^> *[0-9.]*[mun]*s *\([0-9.]*s\) *G\([0-9]*\) .*/\1 G\2/p' waits.txt)
tmux_keys Enter
t=${first% *} g=${first#* }
tmux_wait "cursor $t" && tmux_wait "$g github.com" &&
	tmux_screen | grep -Eq "^>$t +Waiting +[0-9.]+ms +sync"
ok=$?
tmux_keys Escape
tmux_wait "waits through sync.(*Mutex).Lock" || ok=1
tap $ok "Enter on a wait: $g at $t, on its wait; Esc comes back"

tmux_new_server
tmux_start 120 30 "$GTVIEW basic.trace"
tmux_wait "[timeline]"
tmux_keys 5 f f f
tmux_wait "no CPU samples: the program did not run the CPU profiler during the trace"
tap $? "a trace without CPU samples says so"
