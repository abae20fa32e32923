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
# - old format: every event's thread is the one Go's converter
#   (golang.org/x/exp/trace) gives it, the thread of its P's last
#   ProcStart, except exactly where that thread is still in another
#   goroutine's syscall when a goroutine starts on the P (it came back
#   from its own syscall and took the P with no ProcStart): from there to
#   the P's next ProcStart or ProcStop, its events are on the thread the
#   starting goroutine made its last syscall on (servers/etcd_go119: Go's own
#   validator rejects the trace there).
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
    that are not the one allowed, events)"""
    p = subprocess.run([gt, 'dump', path], capture_output=True, text=True)
    holder, held, state, sys_m = {}, {}, {}, {}
    go_m = {}        # P -> thread of its last ProcStart (Go's procMs)
    episode = {}     # P -> thread its events are on instead of go_m's
    n = unk = unk_bad = clash = dep = dep_bad = ev = 0
    for line in p.stdout.splitlines():
        mt = LINE.match(line)
        if not mt:
            continue
        ev += 1
        _, kind, _, P, M, res, rid, fr, to = mt.groups()
        P, M = int(P), int(M)
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
    return n, unk, unk_bad, clash, dep, dep_bad, ev


traces = [(t, '/v1/' in t or 'go119' in t or 'blocked_go119' in t)
          for t in sorted(glob.glob('tests/fixtures/*.trace') + glob.glob('tests/fixtures/v1/*.trace'))]
have = os.path.isdir(corpus)
if have:
    for d, v1 in (('v1', True), ('v2', False), ('servers', None), ('truncated', False)):
        for t in sorted(glob.glob(os.path.join(corpus, d, '*.trace'))):
            if t.endswith('stress_1_5_unordered.trace') or t.endswith('_cut.trace'):
                continue  # rejected: no events; the v2 watch traces, cut
            traces.append((t, v1 if v1 is not None else 'go119' in t))
print('1..%d' % (len(traces) * 3 + 2 + (0 if have else 1)))
if not have:
    skip('%s absent: corpus traces not checked' % corpus)
tot_n = tot_unk = 0
etcd_dep = None
for t, v1 in traces:
    name = os.path.basename(t)
    n, unk, unk_bad, clash, dep, dep_bad, ev = check(t, v1)
    tot_n += n
    tot_unk += unk
    ok(ev > 0 and clash == 0, '%s: no thread runs two goroutines at once (%d clashes, %d events)' % (name, clash, ev))
    ok(unk_bad == 0 and (n < 1000 or unk * 1000 <= n),
       '%s: %d of %d transitions into Running/Syscall on an unknown thread, all start statuses' % (name, unk, n))
    ok(dep_bad == 0, '%s: threads as Go gives them but where its thread is in another syscall (%d events moved, %d otherwise)'
       % (name, dep, dep_bad) if v1 else '%s: new format, threads as written' % name)
    if name == 'etcd_go119.trace':
        etcd_dep = dep
ok(tot_unk * 1000 <= tot_n, 'all traces: %d of %d transitions on an unknown thread' % (tot_unk, tot_n))
ok(etcd_dep is None or etcd_dep > 0, 'etcd_go119: the events Go puts on a busy thread are moved (%s)' % etcd_dep)
PY
