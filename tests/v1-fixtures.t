#!/bin/sh
# The project's own old-format traces (tests/fixtures/v1, made by
# tests/progs/v1gen.sh): per-type counts equal Go 1.19's parser
# (NAME.go119.json, from `go tool trace -d`), the converted stream keeps
# golang.org/x/exp/trace's conversion rules (tracev1.go: one Label per
# GoStartLabel, one range per GC/STW/sweep/assist, the first Gomaxprocs is
# not a metric, syscalls that do not block are two transitions...), a
# hand-checked dump stays as it is, and cut or corrupted copies are
# reported (exit 1), never crash.
set -u
: "${GTVIEW:?run through make test}"
exec python3 - "$GTVIEW" "$(dirname "$0")/fixtures/v1" <<'PY'
import glob, json, os, subprocess, sys, tempfile
gt, fx = sys.argv[1], sys.argv[2]
tests = []
def ok(cond, name, diag=''):
    tests.append((bool(cond), name, diag))
def run(*args):
    return subprocess.run([gt] + list(args), capture_output=True, text=True)

BLOCK = ['GoStop', 'GoSched', 'GoPreempt', 'GoSleep', 'GoBlock', 'GoBlockSend',
         'GoBlockRecv', 'GoBlockSelect', 'GoBlockSync', 'GoBlockCond',
         'GoBlockNet', 'GoBlockGC']
for path in sorted(glob.glob(fx + '/*.trace')):
    name = os.path.basename(path)[:-6]
    want = json.load(open(path[:-6] + '.go119.json'))['by_type']
    r = run('stats', '--json', path)
    try:
        got = json.loads(r.stdout)
    except ValueError:
        ok(False, name + ': stats --json', r.stderr[-300:])
        continue
    ok(r.returncode == 0 and got.get('ok'), name + ': decodes without error', got.get('error', ''))
    bt = got.get('v1_by_type', {})
    ok(bt == want, name + ': v1_by_type equals Go 1.19 parser', '%s\n%s' % (bt, want))
    n = lambda *ks: sum(want.get(k, 0) for k in ks)
    k = got.get('by_kind', {})
    kk = lambda key: k.get(key, 0)
    rules = {
        'Sync': 2,
        'Label': n('GoStartLabel'),
        'TaskBegin': n('UserTaskCreate'), 'TaskEnd': n('UserTaskEnd'),
        'Log': n('UserLog'), 'StackSample': n('CPUSample'),
        'RangeBegin': n('GCStart', 'GCSTWStart', 'GCSweepStart', 'GCMarkAssistStart'),
        'RangeEnd': n('GCDone', 'GCSTWDone', 'GCSweepDone', 'GCMarkAssistDone'),
        'Metric': n('HeapAlloc', 'HeapGoal', 'Gomaxprocs') - 1,
        'StateTransition/Proc': n('ProcStart', 'ProcStop'),
        'StateTransition/Goroutine': n('GoCreate', 'GoStart', 'GoStartLabel', 'GoEnd',
            'GoUnblock', 'GoSysExit', 'GoWaiting', 'GoInSyscall', *BLOCK)
            + 2 * n('GoSysCall') - n('GoSysBlock'),
    }
    # A goroutine that existed when tracing began has a GoCreate and then a
    # GoWaiting, GoInSyscall or (the running ones, at most one a P) GoStart:
    # the pair becomes one transition.
    st = 'StateTransition/Goroutine'
    pre = rules[st] - kk(st) - n('GoWaiting', 'GoInSyscall')
    if 0 <= pre <= max(1, n('ProcStart')):
        rules[st] = kk(st)
    bad = {key: (v, kk(key)) for key, v in rules.items() if kk(key) != v}
    bad.update({'RegionBegin+End': (n('UserRegion'), kk('RegionBegin') + kk('RegionEnd'))}
               if n('UserRegion') != kk('RegionBegin') + kk('RegionEnd') else {})
    ok(not bad, name + ': conversion follows tracev1.go', str(bad))
    ok(got.get('events') == sum(v for key, v in k.items() if '/' not in key),
       name + ': events counts every delivered event')
    c = run('check', path)
    ok(c.returncode == 0, name + ': check accepts it', c.stderr[-200:])

# A dump checked by hand against tracev1.go's rules.
g = fx + '/synth_1_11.dump.txt'
r = run('dump', fx + '/synth_1_11.trace')
ok(r.stdout == open(g).read(), 'synth_1_11: dump equals the reviewed one', r.stdout[:2000])

# Go 1.5 stacks are bare PCs: frames have no function.
r = run('dump', fx + '/synth_1_5.trace')
ok(r.returncode == 0 and 'main.main' not in r.stdout and 'GoCreate' not in r.stdout
   and 'Goroutine 2 NotExist->Runnable' in r.stdout, 'synth_1_5: decodes, PCs only', r.stdout[:500])

# Cut and corrupted copies: exit 1 (or 0 when still whole), never a crash.
src = open(fx + '/basic_go119.trace', 'rb').read()
small = open(fx + '/synth_1_11.trace', 'rb').read()
# (a copy cut just after the footer's frequency lacks only its stack
# table: Go accepts that too, so only earlier cuts must be reported)
cases = [('basic cut at %d' % i, src[:i], True) for i in range(16, len(src) - 4096, len(src) // 23)]
cases += [('synth_1_11 cut at %d' % i, small[:i], i < len(small) - 16) for i in range(16, len(small))]
cases += [('synth_1_11 byte %d flipped' % i, small[:i] + bytes([small[i] ^ 0xA5]) + small[i + 1:], False)
          for i in range(16, len(small))]
crashed, wrong = [], []
with tempfile.TemporaryDirectory() as d:
    f = os.path.join(d, 't.trace')
    for label, data, must in cases:
        open(f, 'wb').write(data)
        c = run('check', f)
        if c.returncode not in (0, 1) or 'Sanitizer' in c.stderr:
            crashed.append('%s: rc %d %s' % (label, c.returncode, c.stderr[-200:]))
        elif must and c.returncode != 1:
            wrong.append(label)
ok(not crashed, 'damaged copies never crash (%d cases)' % len(cases), '\n'.join(crashed[:5]))
ok(not wrong, 'cut copies are reported (exit 1)', ' '.join(wrong[:10]))
with tempfile.TemporaryDirectory() as d:
    f = os.path.join(d, 't.trace')
    open(f, 'wb').write(src[:len(src) * 2 // 3])
    r = run('stats', '--json', f)
    c = run('check', f)
    try:
        got = json.loads(r.stdout)
    except ValueError:
        got = {}
    ok(c.returncode == 1 and 'truncated' in (c.stderr + r.stderr) and got.get('events', 0) > 2,
       'a trace cut in the middle keeps its orderable events and says truncated',
       c.stderr[-300:] + ' events=%s' % got.get('events'))

print('1..%d' % len(tests))
for i, (good, name, diag) in enumerate(tests, 1):
    print('%s %d - %s' % ('ok' if good else 'not ok', i, name))
    if not good and diag:
        for l in diag.splitlines():
            print('# ' + l)
PY
