#!/bin/sh
# Every old-format (Go 1.5-1.21) trace of the corpus: `gtview stats --json`
# gives Go 1.19's per-type counts (expected/go119-parser) as v1_by_type and,
# for headers 1.11+, golang.org/x/exp/trace's figures (expected/oracle) in
# every field; `gtview dump` equals Go's event stream (expected/dump) up to
# events of equal time on different Ps; `gtview check` accepts all but
# stress_1_5_unordered; the footerless truncated trace keeps what it can.
# Threads depart from Go's in two cases (doc/threads.md), neither in the
# dumps compared here (tests/threads-invariant.t checks both on every
# trace): a goroutine back from a syscall taking its P straight from
# another syscall runs on its own syscall's thread, not the P's last one
# (servers/etcd_go119); a goroutine in a syscall when tracing began is on
# the thread whose ProcStart comes just before its first GoSysExit, where
# Go names none (v1/stress_1_5_good, stress_1_7_good, stress_1_8_relabelled).
set -u
: "${GTVIEW:?run through make test}"
if ! ls "${GT_CORPUS:-/nonexistent}"/v1/*.trace >/dev/null 2>&1; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec python3 - "$GTVIEW" "$GT_CORPUS" <<'PY'
import glob, json, os, re, subprocess, sys
gt, corpus = sys.argv[1], sys.argv[2]
tests = []
def ok(cond, name, diag=''):
    tests.append((bool(cond), name, diag))

def run(*args):
    return subprocess.run([gt] + list(args), capture_output=True, text=True)

FIELDS = ['ok', 'error', 'version', 'events', 'by_kind', 'goroutines', 'procs',
          'threads', 'gc_cycles', 'stw', 'tasks', 'regions', 'logs',
          'stacks_distinct', 'final_goroutine_states', 'blocked_at_end',
          'min_ts', 'max_ts']

for path in sorted(glob.glob(corpus + '/v1/*.trace')):
    name = os.path.basename(path)[:-6]
    r = run('stats', '--json', path)
    try:
        got = json.loads(r.stdout)
    except ValueError:
        ok(False, name + ': stats --json is JSON', r.stderr[-300:])
        continue
    g119 = corpus + '/expected/go119-parser/' + name + '.json'
    if os.path.exists(g119):
        want = json.load(open(g119))
        if want.get('error'):
            ok(not got.get('ok') and 'out of order' in got.get('error', ''),
               name + ': rejected as Go 1.19 does (' + want['error'] + ')',
               got.get('error', ''))
        else:
            bt = got.get('v1_by_type')
            diff = {k: (want['by_type'].get(k), (bt or {}).get(k))
                    for k in set(want['by_type']) | set(bt or {})
                    if want['by_type'].get(k) != (bt or {}).get(k)}
            ok(not diff, name + ': v1_by_type equals Go 1.19 parser', str(diff)[:500])
    oracle = json.load(open(corpus + '/expected/oracle/' + name + '.json'))
    if oracle['version'] >= 11:
        bad = [f for f in FIELDS if oracle.get(f) != got.get(f)]
        ok(not bad, name + ': stats equal the x/exp/trace oracle',
           '; '.join('%s: want %s got %s' % (f, str(oracle.get(f))[:120], str(got.get(f))[:120]) for f in bad))
    c = run('check', path)
    if name == 'stress_1_5_unordered':
        ok(c.returncode == 1 and 'out of order' in c.stderr, name + ': check rejects it', c.stderr[-200:])
    else:
        ok(c.returncode == 0, name + ': check accepts it', c.stderr[-300:])

# Dumps: the same lines; a run of events whose times go up by exactly 1 ns
# (Go's tie-breaking bump) may come in another order when they were ties on
# different Ps, so such runs are compared as sorted lists without times.
def runs(lines):
    out, cur, last = [], [], None
    for l in lines:
        ts = int(l.split(' ', 1)[0])
        if cur and ts != last + 1:
            out.append(cur)
            cur = []
        cur.append(l)
        last = ts
    if cur:
        out.append(cur)
    return out

def norm(run_):
    times = [l.split(' ', 1)[0] for l in run_]
    body = sorted(re.sub(r' attrs=\[.*\]', '', l.split(' ', 1)[1]) for l in run_)
    return times, body

for exp in sorted(glob.glob(corpus + '/expected/dump/*_1_1[19]_*.txt')):
    name = os.path.basename(exp)[:-4]
    r = run('dump', corpus + '/v1/' + name + '.trace')
    want = open(exp).read().splitlines()
    got = r.stdout.splitlines()
    wr, gr = runs(want), runs(got)
    first = None
    for i, (a, b) in enumerate(zip(wr, gr)):
        if norm(a) != norm(b):
            first = (a, b)
            break
    ok(len(want) == len(got) and first is None and len(wr) == len(gr),
       name + ': dump equals Go\'s event stream (%d events)' % len(want),
       'lines %d vs %d; first differing run: want %s got %s' % (len(want), len(got),
       first[0][:3] if first else '', first[1][:3] if first else ''))

# The footerless trace: truncated, keeps the events that can be ordered.
nf = corpus + '/truncated/esbuild_watch_go120_nofooter.trace'
if os.path.exists(nf):
    c = run('check', nf)
    ok(c.returncode == 1 and re.search(r'footer|cut off', c.stderr), 'nofooter: check exits 1 saying why', c.stderr[-300:])
    r = run('stats', '--json', nf)
    try:
        got = json.loads(r.stdout)
    except ValueError:
        got = {}
    ok(r.returncode == 1 and got.get('events', 0) > 2, 'nofooter: stats keeps the orderable events', r.stdout[:200])

print('1..%d' % len(tests))
for i, (good, name, diag) in enumerate(tests, 1):
    print('%s %d - %s' % ('ok' if good else 'not ok', i, name))
    if not good and diag:
        for l in diag.splitlines():
            print('# ' + l)
PY
