"""gc_cpu_ref.py: the GC's share of the CPU worked out from Go's reader's
event dump (../shared/corpus/expected/dump/NAME.txt), the way
runtime/metrics' /cpu/classes/gc/total:cpu-seconds counts it and the man
page defines `gtview gc --json`'s gc_cpu_ns: GC mark workers' running
time outside stop-the-world pauses, mark assists' running time inside GC
cycles, each GC pause times GOMAXPROCS; the capacity GOMAXPROCS x time.
gc_cpu(path, t0, t1) -> dict of workers_ns, assist_ns, pause_ns,
capacity_ns over [t0, t1), and workers (how many goroutines were GC
workers: created in runtime.gcBgMarkWorker or labelled "GC (...)").
A range active when the trace began starts at its event, as in the
model."""
import re

LINE = re.compile(r'^(-?\d+) (\w+)(?:/\w+)? G=(-?\d+) P=(-?\d+) M=(-?\d+) ?(.*)$')


def _clip(a, z, t0, t1):
    return max(a, t0), min(z, t1)


def _overlap(iv, a, z):
    """Time of [a, z) covered by the intervals iv (disjoint)."""
    return sum(max(0, min(z, e) - max(a, s)) for s, e in iv)


def parse(path):
    ev = []
    for line in open(path, encoding='utf-8', errors='replace'):
        m = LINE.match(line.rstrip('\n'))
        if m:
            ev.append((int(m.group(1)), m.group(2), int(m.group(3)), m.group(6)))
    return ev


def gc_cpu(path, t0, t1):
    ev = parse(path)
    end = max(t for t, _, _, _ in ev)
    running, since = {}, {}          # goroutine -> [(s, e)], start of its Running
    syscall, in_sys = {}, {}         # the same for Syscall
    workers = set()
    open_r, ranges = {}, {'gc': [], 'stw': [], 'assist': []}
    procs = []                       # (ts, GOMAXPROCS)
    for t, kind, g, rest in ev:
        if kind == 'StateTransition' and rest.startswith('Goroutine '):
            m = re.match(r'Goroutine (-?\d+) (\w+)->(\w+)', rest)
            gid, to = int(m.group(1)), m.group(3)
            if gid in since:
                running.setdefault(gid, []).append((since.pop(gid), t))
            if gid in in_sys:
                syscall.setdefault(gid, []).append((in_sys.pop(gid), t))
            if to == 'Running':
                since[gid] = t
            elif to == 'Syscall':
                in_sys[gid] = t
            if 'tstack=runtime.gcBgMarkWorker ' in rest:
                workers.add(gid)
        elif kind == 'Label' and 'label="GC (' in rest:
            workers.add(int(re.search(r'resource=Goroutine\((-?\d+)\)', rest).group(1)))
        elif kind == 'Metric' and '/sched/gomaxprocs:threads=' in rest:
            procs.append((t, int(re.search(r'threads=(\d+)', rest).group(1))))
        elif kind in ('RangeBegin', 'RangeActive', 'RangeEnd'):
            name = re.search(r'name="([^"]*)"', rest).group(1)
            scope = re.search(r'scope=(\S+)', rest).group(1)
            set_ = ('stw' if name.startswith('stop-the-world') else
                    'gc' if name == 'GC concurrent mark phase' else
                    'assist' if name == 'GC mark assist' else None)
            if not set_:
                continue
            key = (set_, scope)
            if kind == 'RangeEnd':
                if key in open_r:
                    s, nm = open_r.pop(key)
                    ranges[set_].append((s, t, nm, scope))
            else:
                open_r[key] = (t, name)  # active at start: from its event, as the model has it
    for gid, s in since.items():
        running.setdefault(gid, []).append((s, end))
    for (set_, scope), (s, nm) in open_r.items():
        ranges[set_].append((s, end, nm, scope))
    stws = sorted((s, e) for s, e, _, _ in ranges['stw'])

    def procs_at(t):
        v = procs[0][1] if procs else None
        for ts, p in procs:
            if ts <= t:
                v = p
        return v

    out = {'workers_ns': 0, 'assist_ns': 0, 'pause_ns': 0, 'capacity_ns': 0, 'workers': len(workers)}
    for gid in workers:  # on a P: running, or in a syscall that did not give it up
        for s, e in running.get(gid, []) + syscall.get(gid, []):
            a, z = _clip(s, e, t0, t1)
            if z > a:
                out['workers_ns'] += (z - a) - _overlap(stws, a, z)
    for cs, ce, _, _ in ranges['gc']:
        ca, cz = _clip(cs, ce, t0, t1)
        for s, e, _, scope in ranges['assist']:
            a, z = _clip(s, e, ca, cz)
            gid = int(re.search(r'-?\d+', scope).group(0))
            if z > a:
                out['assist_ns'] += _overlap(running.get(gid, []), a, z)
    for s, e, nm, _ in ranges['stw']:
        a, z = _clip(s, e, t0, t1)
        if z > a and nm.startswith('stop-the-world (GC'):
            out['pause_ns'] += (z - a) * procs_at(s)
    cuts = sorted({t0, t1} | {ts for ts, _ in procs if t0 < ts < t1})
    for a, z in zip(cuts, cuts[1:]):
        out['capacity_ns'] += (z - a) * procs_at(a)
    return out
