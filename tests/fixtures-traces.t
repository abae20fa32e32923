#!/bin/sh
# The committed real v2 traces (tools/make-fixtures.sh: esbuild built with
# Go 1.22, 1.23, 1.25, 1.26, and demo.trace for `gtview --demo`): small,
# complete and valid, and what gtview reports about them agrees with an
# independent raw count of their wire events (tests/fixtures_raw.py): one
# GC cycle per GCBegin, one stop-the-world per STWBegin, Sync events per
# generation, the header's version.
exec python3 - "$0" <<'PY'
import json, os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *
import fixtures_raw as raw

t = gtview_tap()

EXPECT = {'esbuild_go122.trace': 22, 'esbuild_go123.trace': 23,
          'esbuild_go125.trace': 25, 'esbuild_go126.trace': 26, 'demo.trace': 26}
for name, ver in EXPECT.items():
    p = os.path.join(FIXTURES, name)
    if not t.ok(os.path.exists(p), f'{name} is committed'):
        continue
    data = open(p, 'rb').read()
    limit = 600 << 10 if name == 'demo.trace' else 300 << 10
    t.ok(20 << 10 <= len(data) <= limit, f'{name}: {len(data)} bytes, within 20 KB..{limit >> 10} KB')
    t.ok(raw.v2_version(data) == ver, f'{name}: header says go 1.{ver}', data[:16])
    try:
        c = raw.v2_counts(data)
    except ValueError as e:
        t.ok(False, f'{name}: raw batches walk to the end', e)
        continue
    t.ok(c['generations'] >= 2, f'{name}: spans {c["generations"]} generations (>= 2)')

    r = run(['check', p])
    t.ok(r.problem((0,)) is None and not r.err.strip(), f'check {name}: valid, silent', r.describe())

    r = run(['stats', '--json', p])
    if not t.ok(r.problem((0,)) is None, f'stats --json {name}: exit 0', r.describe()):
        continue
    try:
        s = json.loads(r.out)
    except ValueError as e:
        t.ok(False, f'stats --json {name}: JSON', e)
        continue
    t.ok(s.get('ok') is True and s.get('error') == '', f'{name}: ok, no error', s.get('error'))
    t.ok(s.get('version') == ver, f'{name}: version {ver}', s.get('version'))
    t.ok(s.get('gc_cycles') == c['GCBegin'], f'{name}: gc_cycles {s.get("gc_cycles")} = GCBegin events {c["GCBegin"]}')
    t.ok(s.get('stw') == c['STWBegin'], f'{name}: stw {s.get("stw")} = STWBegin events {c["STWBegin"]}')
    for key, wire in (('tasks', 'UserTaskBegin'), ('regions', 'UserRegionBegin'), ('logs', 'UserLog')):
        t.ok(s.get(key) == c[wire], f'{name}: {key} {s.get(key)} = {wire} events {c[wire]}')
    bk = s.get('by_kind', {})
    # Go's reader: a Sync as each generation starts and one at the end; a
    # Go 1.26 trace's generations end with EndOfGeneration, the last one
    # may not (as the corpus oracle shows for esbuild_watch_go126).
    syncs = c['EndOfGeneration'] + 1 if ver >= 26 else c['generations'] + 1
    t.ok(bk.get('Sync') == syncs, f'{name}: Sync events {bk.get("Sync")} = {syncs} (generations, + 1 at the end)')
    total = sum(v for k, v in bk.items() if '/' not in k)
    t.ok(total == s.get('events'), f'{name}: by_kind sums to events ({total} vs {s.get("events")})')
    t.ok(bk.get('StateTransition') == bk.get('StateTransition/Goroutine', 0) + bk.get('StateTransition/Proc', 0),
         f'{name}: state transitions split into goroutine + proc')
    t.ok(isinstance(s.get('min_ts'), int) and s['min_ts'] < s['max_ts'], f'{name}: min_ts < max_ts')
    # Every one ran esbuild with GOMAXPROCS >= 3: several Ps, many goroutines.
    t.ok(s.get('procs', 0) >= 3 and s.get('goroutines', 0) >= 100 and s.get('threads', 0) >= 2,
         f'{name}: several Ps, threads, goroutines',
         f'procs {s.get("procs")} threads {s.get("threads")} goroutines {s.get("goroutines")}')
    if name == 'demo.trace':
        # What --demo shows a new user: GC, pauses, blocked goroutines, 4 Ps.
        t.ok(s.get('procs') == 4 and s.get('gc_cycles', 0) >= 2 and s.get('stw', 0) >= 4
             and len(s.get('blocked_at_end', [])) >= 3,
             'demo.trace: 4 Ps, >= 2 GC cycles, >= 4 stop-the-world pauses, >= 3 blocked goroutines',
             f'procs {s.get("procs")} gc {s.get("gc_cycles")} stw {s.get("stw")} blocked {len(s.get("blocked_at_end", []))}')
t.done()
PY
