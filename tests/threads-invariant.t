#!/bin/sh
# Threads: every event on the thread that ran it (doc/threads.md).
# On every fixture and corpus trace, both formats, from `gtview dump`:
# - no thread runs two goroutines at once: a goroutine holds the thread
#   of its transition into Running or Syscall until it leaves both;
# - at most 0.1% of the transitions into Running or Syscall have an
#   unknown thread (M=-1), over each trace of 1000 or more of them and
#   over all the traces together; an unknown one is only the status of a
#   goroutine in a syscall when tracing began (the old format says
#   nothing of its thread there);
# - old format: such a status is on the thread its syscall's end names,
#   where the trace names one: the goroutine's first GoStart after its
#   GoSysExit comes right after a ProcStart on its P (the thread came back
#   from the syscall, took an idle P and wrote both): none of those is
#   unknown, each is on that ProcStart's thread.  Go's converter leaves
#   them all unknown: a departure, the only other one (doc/threads.md);
# - old format: every event's thread is the one Go's converter
#   (golang.org/x/exp/trace) gives it, the thread of its P's last
#   ProcStart, except exactly where that thread is still in another
#   goroutine's syscall when a goroutine starts on the P (it came back
#   from its own syscall and took the P with no ProcStart): from there to
#   the P's next ProcStart or ProcStop, its events are on the thread the
#   starting goroutine made its last syscall on (servers/etcd_go119: Go's own
#   validator rejects the trace there), and the start statuses above.
# - hand-checked: corpus v1/stress_1_7_good's goroutine 7, in a syscall when
#   tracing began, is on thread 5: its GoSysExit (seq 2, offset 239989) comes
#   right after ProcStart of thread 5 (offset 239984, P 5) in the file.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import glob, os, re, subprocess, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import ok, skip

LINE = re.compile(r'^(-?\d+) (\w+) G=(-?\d+) P=(-?\d+) M=(-?\d+)(?: (Goroutine|Proc) (\d+) (\w+)->(\w+))?')
HOLD = ('Running', 'Syscall')


def check(path, v1):
    """(transitions into Running/Syscall, unknown ones, unknown ones not
    a start status, clashes, departures from Go's threads, departures
    that are not the one allowed, events, start statuses in a syscall whose
    thread the trace names, those left unknown, those on another thread)"""
    p = subprocess.run([gt, 'dump', path], capture_output=True, text=True)
    holder, held, state, sys_m = {}, {}, {}, {}
    go_m = {}        # P -> thread of its last ProcStart (Go's procMs)
    episode = {}     # P -> thread its events are on instead of go_m's
    n = unk = unk_bad = clash = dep = dep_bad = ev = 0
    sys0 = {}        # g in a syscall when tracing began -> its status's thread
    after = {}       # ... -> its status's thread, once its syscall ended
    last = {}        # P -> its last event's line (kind, g, M, res, id, to)
    told = told_unk = told_bad = 0
    for line in p.stdout.splitlines():
        mt = LINE.match(line)
        if not mt:
            continue
        ev += 1
        _, kind, _, P, M, res, rid, fr, to = mt.groups()
        P, M = int(P), int(M)
        if v1 and res == 'Goroutine':
            g = int(rid)
            if fr == 'Undetermined' and to == 'Syscall':
                sys0[g] = M
            elif g in sys0 and fr == 'Syscall':
                after[g] = sys0.pop(g)
            elif g in after and fr == 'Runnable' and to == 'Running':
                sm, prev = after.pop(g), last.get(P)
                if prev and prev[3] == 'Proc' and prev[5] == 'Running' and prev[2] == M:
                    told += 1
                    told_unk += sm == -1
                    told_bad += sm not in (-1, M)
                elif sm != -1:
                    told_bad += 1   # on a thread the trace does not name
        if P != -1:
            last[P] = (kind, None, M, res, rid, to)
        if res == 'Proc':
            rid = int(rid)
            if to == 'Running':
                go_m[rid] = M
                episode.pop(rid, None)
        if v1 and res == 'Goroutine' and fr == 'Runnable' and to == 'Running':
            g, gm = int(rid), episode.get(P, go_m.get(P))
            h = holder.get(gm) if gm is not None else None
            if h is not None and h != g and state.get(h) == 'Syscall':
                episode[P] = sys_m.get(g, -1)
        if v1:
            want = go_m.get(P, -1) if P != -1 and kind != 'StackSample' else -1
            if res == 'Proc' and to == 'Running':
                want = M
            if res == 'Goroutine' and fr == 'Undetermined' and to == 'Syscall' and M != -1:
                want = M    # (the start status: checked above)
                dep += 1
            if P in episode:
                dep += want != M
                dep_bad += M != episode[P]
            elif M != want and not (kind in ('Label', 'StateTransition') and want == -1 and M == 0):
                dep_bad += 1   # (GoStartLabel: Go's context says M 0 when unknown)
        if res == 'Proc' and to != 'Running':
            go_m.pop(rid, None)   # (ProcStop: on its thread, then none)
            episode.pop(rid, None)
        if res != 'Goroutine':
            continue
        g = int(rid)
        old = held.pop(g, None)
        if old is not None and holder.get(old) == g:
            del holder[old]
        state[g] = to
        if to not in HOLD:
            continue
        if to == 'Syscall':
            sys_m[g] = M
        n += 1
        if M == -1:
            unk += 1
            unk_bad += fr != 'Undetermined' or to != 'Syscall'
            continue
        if holder.get(M, g) != g:
            clash += 1
        holder[M] = g
        held[g] = M
    for sm in after.values():   # (its syscall ended, it never ran again)
        told_bad += sm != -1
    return n, unk, unk_bad, clash, dep, dep_bad, ev, told, told_unk, told_bad


traces = [(t, '/v1/' in t or 'go119' in t or 'blocked_go119' in t)
          for t in sorted(glob.glob('tests/fixtures/*.trace') + glob.glob('tests/fixtures/v1/*.trace'))]
have = os.path.isdir(corpus)
if have:
    for d, v1 in (('v1', True), ('v2', False), ('servers', None), ('truncated', False)):
        for t in sorted(glob.glob(os.path.join(corpus, d, '*.trace'))):
            if t.endswith('stress_1_5_unordered.trace') or t.endswith('_cut.trace'):
                continue  # rejected: no events; the v2 watch traces, cut
            traces.append((t, v1 if v1 is not None else 'go119' in t))
nv1 = sum(1 for _, v1 in traces if v1)
print('1..%d' % (len(traces) * 3 + nv1 + 3))
if not have:
    skip('%s absent: corpus traces not checked' % corpus)
tot_n = tot_unk = 0
etcd_dep = None
for t, v1 in traces:
    name = os.path.basename(t)
    n, unk, unk_bad, clash, dep, dep_bad, ev, told, told_unk, told_bad = check(t, v1)
    tot_n += n
    tot_unk += unk
    ok(ev > 0 and clash == 0, '%s: no thread runs two goroutines at once (%d clashes, %d events)' % (name, clash, ev))
    ok(unk_bad == 0 and (n < 1000 or unk * 1000 <= n),
       '%s: %d of %d transitions into Running/Syscall on an unknown thread, all start statuses' % (name, unk, n))
    ok(dep_bad == 0, '%s: threads as Go gives them but where its thread is in another syscall (%d events moved, %d otherwise)'
       % (name, dep, dep_bad) if v1 else '%s: new format, threads as written' % name)
    if v1:
        ok(told_unk == 0 and told_bad == 0,
           '%s: starts in a syscall on the thread their end names (%d named, %d unknown, %d elsewhere)'
           % (name, told, told_unk, told_bad))
    if name == 'etcd_go119.trace':
        etcd_dep = dep
ok(tot_unk * 1000 <= tot_n, 'all traces: %d of %d transitions on an unknown thread' % (tot_unk, tot_n))
ok(etcd_dep is None or etcd_dep > 0, 'etcd_go119: the events Go puts on a busy thread are moved (%s)' % etcd_dep)
if have:
    p = subprocess.run([gt, 'dump', os.path.join(corpus, 'v1', 'stress_1_7_good.trace')],
                       capture_output=True, text=True)
    st = [l for l in p.stdout.splitlines() if ' Goroutine 7 Undetermined->Syscall' in l]
    ok(len(st) == 1 and ' M=5 ' in st[0], 'stress_1_7_good: goroutine 7 began in a syscall on thread 5 (%s)' % st)
PY
