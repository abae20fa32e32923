#!/bin/sh
# cmd-pprof.t: `gtview pprof` against Go: Go 1.19's `go tool trace -pprof`
# (expected/pprof-go119 of the corpus, and run live on the fixtures) for
# old-format traces, read back by Go 1.19's `go tool pprof -raw`
# (../shared/tools/pprof_summary.py); Go's reader's transitions for new-
# format ones (tests/tools/pprof_v2ref.py); CPU profiles as many samples as
# the trace; windows that add up; a terminal refused.  The checks through
# Go skip when Go 1.19 is absent (CI installs it), the corpus ones when
# ../shared is.  Under ASan (make asan), where each gtview run costs a few
# tenths of a CPU second more and the server traces seconds, a cover: each
# corpus trace with a Go 1.19 reference, and esbuild_watch_go123, takes
# two of the four kinds, in turn, so every kind still meets Go's figures on
# half of them (v1 and servers both); fixtures, esbuild_small_go126,
# windows and the command line as in the plain build, which runs every
# kind on every trace.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, pty, shutil, subprocess, sys, tempfile
sys.path.insert(0, 'tests/tools')
sys.path.insert(0, 'tests')
sys.dont_write_bytecode = True  # no __pycache__ in the tree
from hostile_lib import TAP, is_asan
import pprof_v2ref

gt, corpus = sys.argv[1:3]
shared = os.path.dirname(corpus)
summ_py = os.path.join(shared, 'tools', 'pprof_summary.py')
GO = '/usr/lib/go-1.19/bin/go'
have_go = os.access(GO, os.X_OK)
have_corpus = os.path.isdir(corpus) and os.path.exists(summ_py)
tmp = tempfile.mkdtemp(prefix='gt-pprof.')
KINDS = ['net', 'sync', 'syscall', 'sched']
t = TAP()
ok = t.ok

def skip(what, why):
    t.ok(True, '%s # skip %s' % (what, why))

def kinds_of(i):
    """The kinds trace number i takes: all, or two in turn under ASan."""
    return KINDS if not is_asan(gt) else [KINDS[i % 4], KINDS[(i + 2) % 4]]

def pprof(trace, kind, window=None, rc_ok=(0,)):
    """Our profile's file, or None when gtview failed."""
    out = os.path.join(tmp, 'p.pb.gz')
    args = [gt, 'pprof', '--kind', kind] + (['--window', window] if window else []) + [trace]
    with open(out, 'wb') as f:
        p = subprocess.run(args, stdout=f, stderr=subprocess.PIPE, text=False)
    if p.returncode not in rc_ok:
        print('# %s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr.decode()[-300:]))
        return None
    return out

def summary(path):
    if path is None:
        return None
    p = subprocess.run([sys.executable, summ_py, path], capture_output=True, text=True)
    d = json.loads(p.stdout) if p.returncode == 0 else {'error': p.stderr}
    if 'error' in d:
        print('# pprof_summary: %s' % d['error'][-300:])
        return None
    return d

def close(exp, got, what):
    """Go's rule of the issue: counts equal, total within 1%, every
    function with >= 5% of the total within 2%."""
    if got is None:
        return ok(False, what)
    bad = []
    if exp['count'] != got['count']:
        bad.append('count %d != %d' % (got['count'], exp['count']))
    if abs(exp['total'] - got['total']) > 0.01 * exp['total']:
        bad.append('total %d != %d' % (got['total'], exp['total']))
    for fn, v in exp['flat'].items():
        if v >= 0.05 * exp['total'] and abs(got['flat'].get(fn, 0) - v) > 0.02 * v:
            bad.append('%s %d != %d' % (fn, got['flat'].get(fn, 0), v))
    for b in bad:
        print('# ' + b)
    return ok(not bad, what)

def close_sched(exp, got, what):
    """The sched profile, exactly: the same number of waits as Go 1.19,
    including, for each goroutine runnable or running when tracing began,
    the wait from the GoCreate tracing's start wrote to its first GoStart
    (gtview(1), pprof); totals apart only by the rounding of times (a ns
    a wait), every function within a few ns."""
    if got is None:
        return ok(False, what)
    bad = []
    if exp['count'] != got['count']:
        bad.append('count %d != %d' % (got['count'], exp['count']))
    if abs(exp['total'] - got['total']) > exp['count']:
        bad.append('total %d != %d' % (got['total'], exp['total']))
    for fn in set(exp['flat']) | set(got['flat']):
        v, w = exp['flat'].get(fn, 0), got['flat'].get(fn, 0)
        if abs(v - w) > 4 + v // 1000000:
            bad.append('%s %d != %d' % (fn, w, v))
    for b in bad[:10]:
        print('# ' + b)
    return ok(not bad, what + ', exactly')

def stats(trace):
    p = subprocess.run([gt, 'stats', '--json', trace], capture_output=True, text=True)
    return json.loads(p.stdout)

# ---- Go 1.19's go tool trace -pprof: the corpus's references ------------
# (v1/ against expected/pprof-go119, the servers/ begun mid-run against
# expected/pprof-go119-servers)
for sub, ref in [('v1', 'pprof-go119'), ('servers', 'pprof-go119-servers')]:
    exp_dir = os.path.join(corpus, 'expected', ref)
    names = sorted(f[:-5] for f in os.listdir(exp_dir)) if os.path.isdir(exp_dir) else []
    for i, name in enumerate(names or ['(corpus %s)' % sub]):
        for kind in kinds_of(i):
            what = '%s %s: as Go 1.19 go tool trace -pprof' % (name, kind)
            if not have_corpus:
                skip(what, 'no corpus')
            elif not have_go:
                skip(what, 'no Go 1.19')
            else:
                exp = json.load(open(os.path.join(exp_dir, name + '.json')))[kind]
                trace = os.path.join(corpus, sub, name + '.trace')
                (close_sched if kind == 'sched' else close)(exp, summary(pprof(trace, kind)), what)

# ...and run live on the project's own old-format fixtures
for fx in ['tests/fixtures/blocked_go119.trace', 'tests/fixtures/v1/basic_go119.trace']:
    for kind in KINDS:
        what = '%s %s: as Go 1.19 go tool trace -pprof, live' % (os.path.basename(fx), kind)
        if not have_go or not os.path.exists(summ_py):
            skip(what, 'no Go 1.19 or no ../shared/tools')
            continue
        ref = os.path.join(tmp, 'ref.pb.gz')
        with open(ref, 'wb') as f:
            r = subprocess.run([GO, 'tool', 'trace', '-pprof=' + kind, fx], stdout=f,
                               stderr=subprocess.DEVNULL)
        exp, got = summary(ref), summary(pprof(fx, kind))
        (close_sched if kind == 'sched' else close)(exp, got, what)

# ---- New format: Go's reader's transitions, Go 1.22+'s rules --------------
for name, kinds in [('esbuild_small_go126', KINDS), ('esbuild_watch_go123', kinds_of(1))]:
    trs = os.path.join(corpus, 'expected', 'transitions', name + '.jsonl.gz')
    for kind in kinds:
        what = '%s %s: Go 1.22+ rules on Go\'s transitions, exactly' % (name, kind)
        if not have_corpus or not have_go or not os.path.exists(trs):
            skip(what, 'no corpus or no Go 1.19')
            continue
        exp = pprof_v2ref.profile(trs, kind)
        got = summary(pprof(os.path.join(corpus, 'v2', name + '.trace'), kind))
        ok(got == exp, what) or print('# got %s\n# want %s' % (
            got and {k: got[k] for k in ('count', 'total')}, {k: exp[k] for k in ('count', 'total')}))

# ---- CPU: as many samples as the trace ------------------------------------
for trace in ['tests/fixtures/v1/cpu_go119.trace', os.path.join(corpus, 'v1', 'fmt_1_21_pprof_good.trace')]:
    what = '%s cpu: one sample a CPU sample' % os.path.basename(trace)
    if not have_go or not os.path.exists(trace) or not os.path.exists(summ_py):
        skip(what, 'no Go 1.19 or no corpus')
        continue
    want = stats(trace)['by_kind'].get('StackSample', 0)
    got = summary(pprof(trace, 'cpu'))
    ok(want > 0 and got is not None and got['count'] == want
       and got['total'] == want * 10000000, what + ' (%d)' % want)

# ---- Windows: two halves add up to the whole ------------------------------
def halves(trace, kind):
    st = stats(trace)
    mid = (st['min_ts'] + st['max_ts']) // 2
    q = (st['min_ts'] + mid) // 2
    whole = summary(pprof(trace, kind))
    parts = [summary(pprof(trace, kind, w)) for w in (':%d' % q, '%d:%d' % (q, mid), '%d:' % mid)]
    if whole is None or None in parts:
        return False
    flat = {}
    for p in parts:
        for f, v in p['flat'].items():
            flat[f] = flat.get(f, 0) + v
    good = sum(p['total'] for p in parts) == whole['total'] and flat == whole['flat']
    # an interval across an edge is a sample in each part
    good &= whole['count'] <= sum(p['count'] for p in parts)
    if kind == 'cpu':
        good &= sum(p['count'] for p in parts) == whole['count']
    return good and whole['total'] > 0
for trace, kinds in [('tests/fixtures/blocked_go119.trace', ['sync', 'syscall', 'sched']),
                     ('tests/fixtures/v1/cpu_go119.trace', ['cpu']),
                     (os.path.join(corpus, 'v1', 'stress_1_19_good.trace'), ['net']),
                     (os.path.join(corpus, 'v2', 'esbuild_small_go126.trace'), ['sync', 'syscall', 'sched'])]:
    for kind in kinds:
        what = '%s %s: three windows add up to the whole, function by function' % (
            os.path.basename(trace), kind)
        if not have_go or not os.path.exists(trace) or not os.path.exists(summ_py):
            skip(what, 'no Go 1.19 or no corpus')
            continue
        ok(halves(trace, kind), what)

# ---- The command line -----------------------------------------------------
fx = 'tests/fixtures/blocked_go119.trace'
m, s = pty.openpty()
p = subprocess.run([gt, 'pprof', fx], stdout=s, stderr=subprocess.PIPE, text=True)
os.close(s)
os.set_blocking(m, False)
try:
    written = os.read(m, 4096)
except (BlockingIOError, OSError):
    written = b''
os.close(m)
ok(p.returncode == 2 and 'terminal' in p.stderr and not written,
   'a terminal on standard output: exit 2, nothing written')
for args, why in [(['--kind', 'blocking', fx], 'unknown kind'), (['--kind'], 'kind without value'),
                  (['--window', '5:1', fx], 'empty window'), (['--window', 'x', fx], 'bad window'),
                  (['--bogus', fx], 'unknown option'), ([], 'no trace'),
                  (['/nonexistent.trace'], 'missing file')]:
    p = subprocess.run([gt, 'pprof'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ok(p.returncode == 2 and p.stderr and not p.stdout, 'exit 2 with a message: ' + why)
p = subprocess.run([gt, 'pprof', '--help'], capture_output=True, text=True)
ok(p.returncode == 0 and 'gtview pprof' in p.stdout, '--help')
bare = os.path.join(corpus, 'v1', 'stress_1_5_good.trace')
if have_go and os.path.exists(bare):
    got = summary(pprof(bare, 'sync'))
    ok(got is not None and got['count'] > 0, 'Go 1.5 stacks of bare PCs: pprof reads their addresses')
else:
    skip('Go 1.5 stacks of bare PCs', 'no corpus or no Go 1.19')
cut = os.path.join(corpus, 'truncated', 'esbuild_watch_go126_cut.trace')
if have_go and os.path.exists(cut):
    got = summary(pprof(cut, 'sync', rc_ok=(1,)))
    ok(got is not None and got['count'] > 0, 'a truncated trace: exit 1 and the profile of what came before')
else:
    skip('a truncated trace', 'no corpus or no Go 1.19')
shutil.rmtree(tmp)
t.done()
PY
