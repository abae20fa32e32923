#!/bin/sh
# cmd-gc-cpu.t: `gtview gc --json`'s gc_cpu_ns and gc_cpu_fraction (the
# GC's share of the CPU, counted as runtime/metrics'
# /cpu/classes/gc/total:cpu-seconds) against the same figures worked out
# by tests/gc_cpu_ref.py from Go's reader's event dumps of the corpus
# (expected/dump), over the whole trace and a window; windows add up; the
# cycles' own figures; the text's sentence.  Skips without ../shared.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, subprocess, sys, tempfile
sys.path.insert(0, 'tests')
sys.dont_write_bytecode = True
from hostile_lib import TAP
import gc_cpu_ref

gt, corpus = sys.argv[1:3]
t = TAP()
ok = t.ok
tmp = tempfile.mkdtemp(prefix='gt-gccpu.')
PARTS = ('workers_ns', 'assist_ns', 'pause_ns', 'capacity_ns')

def gc_json(trace, window=None):
    p = subprocess.run([gt, 'gc', '--json'] + (['--window', window] if window else []) + [trace],
                       capture_output=True, text=True)
    return json.loads(p.stdout) if p.returncode == 0 else None

def trace_of(name):
    for d in ('v1', 'v2'):
        p = os.path.join(corpus, d, name + '.trace')
        if os.path.exists(p):
            return p
    src = os.path.join(corpus, 'text', name + '.test')
    if os.path.exists(src):
        out = os.path.join(tmp, name + '.trace')
        subprocess.run([gt, 'assemble', src, out], check=True)
        return out
    return None

names = ['http_1_19_good', 'stress_start_stop_1_11_good', 'go122-gc-stress', 'esbuild_small_go126']
for name in names:
    dump = os.path.join(corpus, 'expected', 'dump', name + '.txt')
    trace = trace_of(name) if os.path.exists(dump) else None
    what = '%s: gc_cpu as worked out from Go\'s event dump' % name
    if not trace:
        ok(True, what + ' # skip no corpus')
        continue
    st = json.loads(subprocess.run([gt, 'stats', '--json', trace], capture_output=True,
                                   text=True).stdout)
    lo, hi = max(st['min_ts'], 0), st['max_ts']
    mid = lo + (hi - lo) // 2
    whole = gc_json(trace)
    halves = [gc_json(trace, '%d:%d' % (lo, mid)), gc_json(trace, '%d:%d' % (mid, hi))]
    for d, (a, z), label in [(whole, (st['min_ts'], hi), ''), (halves[0], (lo, mid), ', first half'),
                             (halves[1], (mid, hi), ', second half')]:
        exp = gc_cpu_ref.gc_cpu(dump, a, z)
        got = d and d['gc_cpu']
        # old-format traces: events tied on different Ps, which Go's reader
        # bumps by 1 ns, may come in another order (tests/v1-corpus.t), so
        # a run can differ by 1 ns: as many ns as the trace has workers
        slack = exp['workers'] if '/v1/' in trace else 0
        good = got is not None and all(abs(got[k] - exp[k]) <= slack for k in PARTS) and \
            d['gc_cpu_ns'] == got['workers_ns'] + got['assist_ns'] + got['pause_ns'] and \
            abs(d['gc_cpu_fraction'] - (d['gc_cpu_ns'] / got['capacity_ns'] if got['capacity_ns'] else 0)) < 1e-6
        if not good:
            print('# got %s\n# want %s' % (got, exp))
        ok(good, what + label + ' (%.2f%%)' % (100 * (d or {}).get('gc_cpu_fraction', 0)))
    ok(whole and all(halves) and whole['gc_cpu_ns'] == sum(h['gc_cpu_ns'] for h in halves),
       name + ': two halves add up to the whole')
    # each cycle: the figures of the trace's window over the cycle with its pauses
    good = whole is not None
    for c in (whole or {}).get('cycles', []):
        a = min([c['start']] + [p['start'] for p in c['pauses']])
        z = max([c['start'] + c['duration_ns']] + [p['start'] + p['duration_ns'] for p in c['pauses']])
        w = gc_json(trace, '%d:%d' % (a, z))
        good &= w is not None and c['gc_cpu_ns'] == w['gc_cpu_ns'] and \
            abs(c['gc_cpu_fraction'] - w['gc_cpu_fraction']) < 1e-6
    ok(good, name + ': each cycle\'s gc_cpu is that of its span with its pauses (%d cycles)' %
       len((whole or {}).get('cycles', [])))

fx = 'tests/fixtures/blocked_go119.trace'
p = subprocess.run([gt, 'gc', fx], capture_output=True, text=True)
ok(p.returncode == 0 and p.stdout.startswith('GC used ') and 'of the CPU: workers ' in p.stdout
   and 'GC CPU' in p.stdout, 'the text: the sentence, and a GC CPU column')
d = gc_json(fx)
ok(d is not None and d['gc_cpu_ns'] > 0 and 0 < d['gc_cpu_fraction'] < 1 and
   all('gc_cpu_ns' in c and 'gc_cpu_fraction' in c for c in d['cycles']),
   'gc --json: gc_cpu_ns and gc_cpu_fraction, whole and per cycle')
import shutil
shutil.rmtree(tmp)
t.done()
PY
