"""pprof_v2ref.py: the blocking profiles of a new-format trace worked out
from Go's own reader's transitions (../shared/corpus/expected/transitions),
by Go 1.22+'s cmd/trace/pprof.go rules with the fix of golang/go#74850: an
interval starts at a transition into the kind's state (net: Waiting for
"network"; sync: Waiting for a reason containing chan, sync or select;
syscall: Syscall; sched: Runnable) whose event has a stack, same-state
transitions go on with it, the next transition out ends it.  The event's
stack is the transition's own, except for sched entries by an unblock or a
creation, whose event carries the unblocker's or creator's stack.
An independent reading of the semantics, for tests/cmd-pprof.t."""
import gzip, json
from collections import defaultdict

STATE = {'net': 'Waiting', 'sync': 'Waiting', 'syscall': 'Syscall', 'sched': 'Runnable'}

def wanted(kind, reason):
    if kind == 'net':
        return reason == 'network'
    if kind == 'sync':
        return any(x in reason for x in ('chan', 'sync', 'select'))
    return True

def profile(path, kind, w0=-2**63, w1=2**63 - 1):
    """{'total', 'count', 'flat'} as pprof_summary.py gives them."""
    flat, tot, cnt, st = defaultdict(int), 0, 0, STATE[kind]
    for line in gzip.open(path, 'rt'):
        on = None
        for ts, frm, to, reason, top, by_g, by_top in json.loads(line)['t']:
            if on is not None:
                if to == st:
                    continue
                s, e = max(on[0], w0), min(ts, w1)
                if e > s:
                    tot, cnt = tot + e - s, cnt + 1
                    flat[on[1]] += e - s
                on = None
            if to != st or not wanted(kind, reason):
                continue
            # another goroutine's event (unblock, create) has its stack
            stack = by_top if kind == 'sched' and frm in ('Waiting', 'NotExist') else top
            if stack:
                # a frame without symbols (":0"): pprof_summary.py's "?"
                on = (ts, stack.rsplit(' ', 1)[0] if ' ' in stack else '?')
    return {'total': tot, 'count': cnt, 'flat': dict(flat)}
