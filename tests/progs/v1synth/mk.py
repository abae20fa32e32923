#!/usr/bin/env python3
"""mk.py OUTDIR: writes small hand-built old-format traces, one per header
version (1.5 1.7 1.8 1.9 1.10 1.11 1.19 1.21), each with its own argument
layout (1.5: sequence numbers, bare-PC stacks, no string table; 1.7: seq'd
GoStart/GoUnblock/GCStart; 1.9: GCSweepDone with swept/reclaimed; 1.10: STW
kind; 1.11: user tasks/regions/logs), plus NAME.go119.json: the per-type
counts, by construction (and, for 1.7-1.19, what Go 1.19's `go tool trace
-d` reports for the file).  One P runs two goroutines through creation,
scheduling, channel blocking, unblocking, a syscall, a GC cycle with STW
and sweeping, and their end."""
import json, os, sys

def uv(v):
    out = bytearray()
    while True:
        b = v & 0x7f
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)

NAMES = {1: 'Batch', 2: 'Frequency', 3: 'Stack', 4: 'Gomaxprocs', 5: 'ProcStart',
         6: 'ProcStop', 7: 'GCStart', 8: 'GCDone', 9: 'GCSTWStart', 10: 'GCSTWDone',
         11: 'GCSweepStart', 12: 'GCSweepDone', 13: 'GoCreate', 14: 'GoStart',
         15: 'GoEnd', 17: 'GoSched', 21: 'GoUnblock', 22: 'GoBlockSend',
         28: 'GoSysCall', 37: 'String', 43: 'GCMarkAssistStart',
         44: 'GCMarkAssistDone', 33: 'HeapAlloc', 45: 'UserTaskCreate',
         46: 'UserTaskEnd', 47: 'UserRegion', 48: 'UserLog'}

def build(ver):
    v5 = ver < 7
    out = bytearray(('go 1.%d trace' % ver).encode().ljust(16, b'\0'))
    counts = {}
    state = {'seq': 0}

    def rec(typ, args, extra=b''):
        # v5 reads field+2 inline args, later versions field+1; field 3:
        # length-prefixed arguments
        n = len(args)
        base = 2 if v5 else 1
        if n - base < 3 and n >= base:
            out.append(typ | (n - base) << 6)
            for a in args:
                out.extend(uv(a))
        else:
            body = b''.join(uv(a) for a in args)
            out.append(typ | 3 << 6)
            out.extend(uv(len(body)))
            out.extend(body)
        out.extend(extra)

    def ev(typ, *args, stack=None):
        head = [1, 10] if v5 else [10]  # seq delta, ts delta
        a = head + list(args) + ([stack] if stack is not None else [])
        rec(typ, a)
        counts[NAMES[typ]] = counts.get(NAMES[typ], 0) + 1

    # batch header: P 0, (seq 0), ticks 1000
    rec(1, [0, 0, 1000] if v5 else [0, 1000])
    if not v5:
        for sid, s in ((1, 'main.main'), (2, 'main.go'), (3, 'task'), (4, 'region'), (5, 'key')):
            out.append(37)
            out.extend(uv(sid) + uv(len(s)) + s.encode())
    seq = (lambda n: [n]) if not v5 else (lambda n: [])
    ev(13, 1, 1, stack=0)               # GoCreate g1 (existed at start)
    ev(4, 4, stack=0)                   # Gomaxprocs
    ev(5, 7)                            # ProcStart thread 7
    ev(14, 1, *seq(1))                  # GoStart g1
    ev(13, 2, 1, stack=1)               # GoCreate g2
    ev(33, 4096)                        # HeapAlloc
    ev(17, stack=1)                     # GoSched
    ev(14, 2, *seq(1))                  # GoStart g2
    if ver >= 9:
        ev(43, stack=1)                 # GCMarkAssistStart
        ev(44)                          # GCMarkAssistDone
    ev(22, stack=1)                     # GoBlockSend
    ev(14, 1, *seq(2))                  # GoStart g1
    ev(21, 2, *seq(2), stack=1)         # GoUnblock g2
    ev(28, stack=1)                     # GoSysCall (does not block)
    if ver >= 11:
        ev(45, 1, 0, 3, stack=1)        # UserTaskCreate id 1 "task"
        ev(47, 1, 0, 4, stack=1)        # UserRegion start "region"
        rec(48, [10, 1, 5, 1], uv(5) + b'hello')  # UserLog key "key"
        counts['UserLog'] = counts.get('UserLog', 0) + 1
        ev(47, 1, 1, 4, stack=1)        # UserRegion end
        ev(46, 1, stack=1)              # UserTaskEnd
    ev(15)                              # GoEnd g1
    ev(14, 2, *seq(3))                  # GoStart g2
    ev(7, *([] if v5 else [0]), stack=1)  # GCStart (seq 0)
    ev(9, *([0] if ver >= 10 else []))  # GCSTWStart
    ev(10)                              # GCSTWDone
    ev(11, stack=1)                     # GCSweepStart
    ev(12, *([8192, 4096] if ver >= 9 else []))  # GCSweepDone
    ev(8)                               # GCDone
    ev(15)                              # GoEnd g2
    ev(6)                               # ProcStop
    # footer: frequency (1 tick = 1 ns) and the stack table
    rec(2, [1000000000, 0] if v5 else [1000000000])
    rec(3, [1, 1, 0x401000] if v5 else [1, 1, 0x401000, 1, 2, 42])
    return bytes(out), counts

if __name__ == '__main__':
    outdir = sys.argv[1]
    for ver in (5, 7, 8, 9, 10, 11, 19, 21):
        data, counts = build(ver)
        name = os.path.join(outdir, 'synth_1_%d' % ver)
        open(name + '.trace', 'wb').write(data)
        with open(name + '.go119.json', 'w') as f:
            json.dump({'by_type': dict(sorted(counts.items())), 'events': sum(counts.values())}, f, sort_keys=True)
            f.write('\n')
