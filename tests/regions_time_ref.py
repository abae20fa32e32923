"""regions_time_ref.py: where each region type's time went, worked out
from Go's reader's event dump (../shared/corpus/expected/dump/NAME.txt):
for every region that began and ended in the trace (RegionBegin to the
RegionEnd of the same type on the same goroutine), its goroutine's time
in each state inside it, the Waiting time by the class of its reason (the
man page's classes, as the lanes draw them).  time(path) -> {type: dict
of running, runnable, syscall, waiting, waiting_by_class}."""
import re

from gc_cpu_ref import parse

CLASSES = {'chan receive': 'chan/select', 'chan send': 'chan/select', 'select': 'chan/select',
           'forever': 'chan/select', 'sync': 'sync', 'sync.(*Cond).Wait': 'sync',
           'synctest': 'sync', 'network': 'network/IO', 'sleep': 'sleep/timer',
           'GC mark assist wait for work': 'GC/runtime', 'GC background sweeper wait': 'GC/runtime',
           'GC weak to strong wait': 'GC/runtime', 'wait until GC ends': 'GC/runtime',
           'system goroutine wait': 'GC/runtime', 'preempted': 'GC/runtime',
           'wait for debug call': 'GC/runtime'}
NAMES = ['chan/select', 'sync', 'network/IO', 'sleep/timer', 'GC/runtime', 'other']


def time(path):
    ev = parse(path)
    end = max(t for t, _, _, _ in ev)
    iv = {}        # goroutine -> [(start, state, reason)]
    regions = []   # (type, g, begin, end)
    open_r = {}
    for t, kind, g, rest in ev:
        if kind == 'StateTransition' and rest.startswith('Goroutine '):
            m = re.match(r'Goroutine (-?\d+) (\w+)->(\w+) reason="([^"]*)"', rest)
            iv.setdefault(int(m.group(1)), []).append((t, m.group(3), m.group(4)))
        elif kind in ('RegionBegin', 'RegionEnd'):
            ty = re.search(r'type="([^"]*)"', rest).group(1)
            if kind == 'RegionBegin':
                open_r.setdefault((g, ty), []).append(t)
            elif open_r.get((g, ty)):
                regions.append((ty, g, open_r[(g, ty)].pop(), t))
    out = {}
    for ty, g, b, e in regions:
        d = out.setdefault(ty, {'running': 0, 'runnable': 0, 'syscall': 0, 'waiting': 0,
                                'waiting_by_class': {c: 0 for c in NAMES}})
        trs = iv.get(g, [])
        for k, (s, state, reason) in enumerate(trs):
            z = trs[k + 1][0] if k + 1 < len(trs) else end
            a, z = max(s, b), min(z, e)
            if z <= a or state not in ('Running', 'Runnable', 'Syscall', 'Waiting'):
                continue
            d[state.lower()] += z - a
            if state == 'Waiting':
                d['waiting_by_class'][CLASSES.get(reason, 'other')] += z - a
    return out
