"""regions_time_ref.py: where each region type's time went, worked out
from Go's reader's event dump (../shared/corpus/expected/dump/NAME.txt):
for every region that began and ended in the trace (RegionBegin to the
RegionEnd of the same type on the same goroutine), its goroutine's time
in each state inside it, the Waiting time by the class of its reason (the
man page's classes, as the lanes draw them).  time(path) -> {type: dict
of running, runnable, syscall, waiting, waiting_by_class}.
task_time(path) -> the same per task type, over its tasks that began and
ended in the trace: each goroutine's time inside the union of its regions
of the task (a region nested in another counts once)."""
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


def _empty():
    return {'running': 0, 'runnable': 0, 'syscall': 0, 'waiting': 0,
            'waiting_by_class': {c: 0 for c in NAMES}}


def _read(path):
    """(end, goroutine -> [(start, state, reason)], [(type, g, begin, end,
    task)] of regions that ended, {task id: (type, begin, end)})."""
    ev = parse(path)
    end = max(t for t, _, _, _ in ev)
    iv = {}
    regions = []
    open_r = {}
    tasks = {}
    for t, kind, g, rest in ev:
        if kind == 'StateTransition' and rest.startswith('Goroutine '):
            m = re.match(r'Goroutine (-?\d+) (\w+)->(\w+) reason="([^"]*)"', rest)
            iv.setdefault(int(m.group(1)), []).append((t, m.group(3), m.group(4)))
        elif kind in ('RegionBegin', 'RegionEnd'):
            ty = re.search(r'type="([^"]*)"', rest).group(1)
            task = int(re.search(r'task=(\d+)', rest).group(1))
            if kind == 'RegionBegin':
                open_r.setdefault((g, ty), []).append(t)
            elif open_r.get((g, ty)):
                regions.append((ty, g, open_r[(g, ty)].pop(), t, task))
        elif kind in ('TaskBegin', 'TaskEnd'):
            tid = int(re.search(r'id=(\d+)', rest).group(1))
            ty = re.search(r'type="([^"]*)"', rest).group(1)
            b, e = tasks.get(tid, (ty, None, None))[1:]
            tasks[tid] = (ty, t, e) if kind == 'TaskBegin' else (ty, b, t)
    return end, iv, regions, tasks


def _add(d, trs, end, b, e):
    """Adds a goroutine's states inside [b, e) to d."""
    for k, (s, state, reason) in enumerate(trs):
        z = trs[k + 1][0] if k + 1 < len(trs) else end
        a, z = max(s, b), min(z, e)
        if z <= a or state not in ('Running', 'Runnable', 'Syscall', 'Waiting'):
            continue
        d[state.lower()] += z - a
        if state == 'Waiting':
            d['waiting_by_class'][CLASSES.get(reason, 'other')] += z - a


def time(path):
    end, iv, regions, _ = _read(path)
    out = {}
    for ty, g, b, e, _ in regions:
        _add(out.setdefault(ty, _empty()), iv.get(g, []), end, b, e)
    return out


def task_time(path):
    end, iv, regions, tasks = _read(path)
    out = {}
    for tid, (ty, b, e) in tasks.items():
        if b is None or e is None:
            continue
        d = out.setdefault(ty, _empty())
        spans = {}
        for _, g, rb, re_, task in regions:
            if task == tid:
                spans.setdefault(g, []).append((rb, re_))
        for g, v in spans.items():
            v.sort()
            cur = list(v[0])
            for rb, re_ in v[1:] + [(None, None)]:
                if rb is not None and rb <= cur[1]:
                    cur[1] = max(cur[1], re_)
                    continue
                _add(d, iv.get(g, []), end, cur[0], cur[1])
                if rb is not None:
                    cur = [rb, re_]
    return out
