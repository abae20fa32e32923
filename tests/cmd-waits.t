#!/bin/sh
# cmd-waits.t: `gtview waits`: on every trace of the corpus and of the
# project's fixtures, for each kind and over the whole trace and a window,
# the single waits are exactly the samples of `gtview pprof` of the same
# kind and window (the number, the total and the time of each stack);
# longest first; --limit gives the first of the full list (and a limit
# of all but one, sorted in one piece, the full list's order); JSON Lines with
# the fields of the man page; bad arguments exit 2 naming what is
# accepted; a trace without such waits gives an empty list with exit 0.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import glob, json, os, re, subprocess, sys, tempfile
sys.path.insert(0, 'tests/tools')
sys.path.insert(0, 'tests')
sys.dont_write_bytecode = True
from hostile_lib import TAP, is_asan
import pprof_pb

gt, corpus = sys.argv[1:3]
KINDS = ['net', 'sync', 'syscall', 'sched']
tmp = tempfile.mkdtemp(prefix='gt-waits.')
t = TAP()
ok = t.ok

def run(args):
    return subprocess.run([gt] + args, capture_output=True)

def waits(trace, kind, window=None, limit=None, parse=True):
    """The waits as dicts; without parse (big traces: hundreds of
    thousands of lines), only their durations and starts, in order."""
    args = ['waits', '--kind', kind, '--json'] + (['--window', window] if window else []) + \
           (['--limit', str(limit)] if limit else []) + [trace]
    p = run(args)
    if p.returncode not in (0, 1):
        print('# %s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr[-300:]))
        return None
    if not parse:
        return [{'start': int(s), 'duration_ns': int(d)} for s, d in
                re.findall(rb'^\{"g":-?\d+,"start":(-?\d+),"duration_ns":(\d+),', p.stdout, re.M)]
    return [json.loads(l) for l in p.stdout.decode().splitlines()]

def profile(trace, kind, window=None):
    out = os.path.join(tmp, 'p.pb.gz')
    with open(out, 'wb') as f:
        p = subprocess.run([gt, 'pprof', '--kind', kind] + (['--window', window] if window else [])
                           + [trace], stdout=f, stderr=subprocess.PIPE)
    return pprof_pb.samples(out) if p.returncode in (0, 1) else None

def by_stack(ws):
    out = {}
    for w in ws:
        c = out.setdefault(tuple(f['func'] for f in w['stack']), [0, 0])
        c[0] += 1
        c[1] += w['duration_ns']
    return out

def longest_first(ws):
    return all((a['duration_ns'], -a['start']) >= (b['duration_ns'], -b['start'])
               for a, b in zip(ws, ws[1:]))

def stats(trace):
    return json.loads(run(['stats', '--json', trace]).stdout)

traces = sorted(glob.glob('tests/fixtures/*.trace') + glob.glob('tests/fixtures/v1/*.trace'))
if os.path.isdir(corpus):
    for d in ('v1', 'v2', 'servers', 'truncated'):
        traces += sorted(glob.glob(os.path.join(corpus, d, '*.trace')))
else:
    ok(True, 'the corpus # skip no ../shared/corpus')
seen = {k: 0 for k in KINDS}
# Under ASan (a run costs 0.2 s of CPU before any work, a load of a
# corpus trace of megabytes seconds) a trace of a megabyte or more is
# checked for one kind and a smaller one's middle third for one kind,
# each kind in turn, and of the traces of a megabyte or more only the
# smallest of each folder (v1, v2, servers, truncated) is taken: the
# others are the same formats' events again by the million; `make test`
# checks every kind of every trace.
if is_asan():
    big = {}
    for tr in traces:
        d = os.path.dirname(tr)
        if os.path.getsize(tr) >= 1 << 20 and (d not in big or
                                              os.path.getsize(tr) < os.path.getsize(big[d])):
            big[d] = tr
    traces = [tr for tr in traces if os.path.getsize(tr) < 1 << 20 or tr in big.values()]
turn = 0
for trace in traces:
    name = os.path.basename(trace)
    st = stats(trace)
    lo, hi = st.get('min_ts', 0), st.get('max_ts', 0)
    small = os.path.getsize(trace) < 1 << 20
    # the middle third, on the smaller traces (the big ones take long enough)
    wins = [None] + (['%d:%d' % (lo + (hi - lo) // 3, lo + 2 * (hi - lo) // 3)]
                     if small and hi - lo >= 3 else [])
    kinds, one = KINDS, KINDS[turn % len(KINDS)]
    turn += 1
    if is_asan() and not small:
        kinds = [one]
    for kind in kinds:
        for w in wins:
            if w and is_asan() and kind != one:
                continue
            ws, prof = waits(trace, kind, w, parse=small), profile(trace, kind, w)
            what = '%s %s%s: the waits are the profile\'s samples%s' % (
                name, kind, ' in the middle third' if w else '',
                ', stack by stack' if small else ' (number and total)')
            if ws is None or prof is None:
                ok(False, what)
                continue
            seen[kind] += len(ws)
            if small:
                good = by_stack(ws) == prof
            else:
                good = (len(ws) == sum(c for c, _ in prof.values()) and
                        sum(x['duration_ns'] for x in ws) == sum(v for _, v in prof.values()))
            good = good and longest_first(ws) and all(x['duration_ns'] > 0 for x in ws)
            if not good:
                print('# waits %d, %d ns; profile %d, %d ns' % (
                    len(ws), sum(x['duration_ns'] for x in ws),
                    sum(c for c, _ in prof.values()), sum(v for _, v in prof.values())))
            ok(good, what + ' (%d)' % len(ws))
ok(all(seen.values()), 'some waits of every kind were checked: %s' % seen)

# --limit: the first N of the full list; the fields
fx = 'tests/fixtures/blocked_go119.trace'
many = os.path.join(corpus, 'v1', 'stress_1_19_good.trace')
if not os.path.exists(many):
    many = fx
full, five = waits(many, 'sched'), waits(many, 'sched', limit=5)
ok(full and len(five) == 5 and five == full[:5], '--limit 5: the five longest of the full list')
# the whole list (buckets of duration, split and sorted in pieces, on two
# threads for a big model) against the same waits all in one sort (a
# --limit of all but one keeps every wait and sorts them together): the
# same lines, byte for byte
big = os.path.join(corpus, 'v2', 'esbuild_watch_go126.trace')
if is_asan() or not os.path.exists(big):
    big = many
for kind in ('sched', 'sync'):
    whole = run(['waits', '--kind', kind, '--json', big]).stdout.splitlines()
    part = run(['waits', '--kind', kind, '--json', '--limit', str(max(len(whole) - 1, 1)), big])
    ok(len(whole) > 1 and part.stdout.splitlines() == whole[:len(whole) - 1],
       '%s %s: the whole list is the one sort of all its %d waits' % (
           os.path.basename(big), kind, len(whole)))
ok(full and all(list(x) == ['g', 'start', 'duration_ns', 'reason', 'stack', 'by_g'] for x in full),
   'JSON Lines {"g","start","duration_ns","reason","stack","by_g"}')
ok(any(x['by_g'] is not None for x in waits(fx, 'sync')), 'the waker of a sync wait is named (by_g)')
p = run(['waits', '--kind', 'sched', '--limit', '3', many])
lines = p.stdout.decode().splitlines()
ok(p.returncode == 0 and lines[0].startswith('%d sched waits' % len(full)) and len(lines) == 5
   and 'DURATION' in lines[1], 'the table: the number and total, a header, three rows')

# nothing of a kind: empty, exit 0
p = run(['waits', '--kind', 'net', '--json', 'tests/fixtures/v1/cpu_go119.trace'])
ok(p.returncode == 0 and p.stdout == b'' or all(json.loads(l) for l in p.stdout.splitlines()),
   'a kind with no waits: exit 0')
p = run(['waits', '--kind', 'net', '--window', '0:1', fx])
ok(p.returncode == 0 and p.stdout.decode().startswith('0 net waits'),
   'a window without waits: "0 net waits", exit 0')

# bad arguments
for args, want in [(['--kind', 'cpu', fx], 'net, sync, syscall or sched'),
                   (['--kind', 'blocking', fx], 'net, sync, syscall or sched'),
                   ([fx], '--kind is needed'),
                   (['--kind'], 'needs'),
                   (['--kind', 'net', '--limit', '0', fx], 'positive number'),
                   (['--kind', 'net', '--limit', '-3', fx], 'positive number'),
                   (['--kind', 'net', '--limit', 'ten', fx], 'positive number'),
                   (['--kind', 'net', fx, '--limit'], 'needs a number'),
                   (['--kind', 'net', '--window', '5:1', fx], 'window'),
                   (['--kind', 'net', '/nonexistent.trace'], 'nonexistent')]:
    p = run(['waits'] + args)
    ok(p.returncode == 2 and want in p.stderr.decode() and not p.stdout,
       'exit 2 naming what is accepted: ' + ' '.join(args[:-1] or args))
p = run(['waits', '--help'])
ok(p.returncode == 0 and b'gtview waits --kind' in p.stdout, '--help')
import shutil
shutil.rmtree(tmp)
t.done()
PY
