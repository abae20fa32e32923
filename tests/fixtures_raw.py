"""fixtures_raw.py: an independent, minimal reader of v2 (Go 1.22+) trace
files for the tests: it walks batches and counts wire events by name,
without ordering or validating anything.  It gives figures that gtview
must agree with for the committed fixtures (tests/fixtures-traces.t), e.g.
a GC cycle per GCBegin, a stop-the-world range per STWBegin.

Wire format (Go's tracev2 spec): a 16-byte header "go 1.N trace", then
batches: type 1 (events) or 49 (experimental, an extra experiment byte)
with uvarints gen, M, time, size and `size` bytes of events; type 52 alone
(Go 1.26) ends a generation.  Each event: a type byte, its uvarint
arguments, then for String a uvarint length and that many bytes, for Stack
4 uvarints per frame (the frame count is its second argument).
"""
import collections

# type: (name, number of uvarint arguments, 'D' data trailer / 'S' frames)
V2_EVENTS = {
    1: ('EventBatch', 4, ''), 2: ('Stacks', 0, ''), 3: ('Stack', 2, 'S'),
    4: ('Strings', 0, ''), 5: ('String', 1, 'D'), 6: ('CPUSamples', 0, ''),
    7: ('CPUSample', 5, ''), 8: ('Frequency', 1, ''), 9: ('ProcsChange', 3, ''),
    10: ('ProcStart', 3, ''), 11: ('ProcStop', 1, ''), 12: ('ProcSteal', 4, ''),
    13: ('ProcStatus', 3, ''), 14: ('GoCreate', 4, ''), 15: ('GoCreateSyscall', 2, ''),
    16: ('GoStart', 3, ''), 17: ('GoDestroy', 1, ''), 18: ('GoDestroySyscall', 1, ''),
    19: ('GoStop', 3, ''), 20: ('GoBlock', 3, ''), 21: ('GoUnblock', 4, ''),
    22: ('GoSyscallBegin', 3, ''), 23: ('GoSyscallEnd', 1, ''),
    24: ('GoSyscallEndBlocked', 1, ''), 25: ('GoStatus', 4, ''),
    26: ('STWBegin', 3, ''), 27: ('STWEnd', 1, ''), 28: ('GCActive', 2, ''),
    29: ('GCBegin', 3, ''), 30: ('GCEnd', 2, ''), 31: ('GCSweepActive', 2, ''),
    32: ('GCSweepBegin', 2, ''), 33: ('GCSweepEnd', 3, ''),
    34: ('GCMarkAssistActive', 2, ''), 35: ('GCMarkAssistBegin', 2, ''),
    36: ('GCMarkAssistEnd', 1, ''), 37: ('HeapAlloc', 2, ''), 38: ('HeapGoal', 2, ''),
    39: ('GoLabel', 2, ''), 40: ('UserTaskBegin', 5, ''), 41: ('UserTaskEnd', 3, ''),
    42: ('UserRegionBegin', 4, ''), 43: ('UserRegionEnd', 4, ''), 44: ('UserLog', 5, ''),
    45: ('GoSwitch', 3, ''), 46: ('GoSwitchDestroy', 3, ''),
    47: ('GoCreateBlocked', 4, ''), 48: ('GoStatusStack', 5, ''),
    50: ('Sync', 0, ''), 51: ('ClockSnapshot', 4, ''), 52: ('EndOfGeneration', 0, ''),
}


def _uv(b, i):
    x = s = 0
    while True:
        c = b[i]
        i += 1
        x |= (c & 0x7f) << s
        s += 7
        if c < 0x80:
            return x, i


def v2_version(data):
    """N of the header "go 1.N trace", or None."""
    if len(data) < 16 or not data.startswith(b'go 1.'):
        return None
    head = data[5:16].split(b' ')[0]
    return int(head) if head.isdigit() else None


def v2_batches(data):
    """(gen, experimental, start, end) of each batch of data, its events
    in data[start:end].  Raises ValueError on a malformed file."""
    i = 16
    try:
        while i < len(data):
            t = data[i]
            i += 1
            if t == 52:
                yield None, False, i, i  # EndOfGeneration: no events
                continue
            if t not in (1, 49):
                raise ValueError(f'offset {i - 1}: batch type {t}')
            exp = t == 49
            if exp:
                i += 1
            gen, i = _uv(data, i)
            _, i = _uv(data, i)
            _, i = _uv(data, i)
            size, i = _uv(data, i)
            if i + size > len(data):
                raise ValueError(f'offset {i}: batch cut short')
            yield gen, exp, i, i + size
            i += size
    except IndexError:
        raise ValueError('cut short')


def v2_events(data, start, end):
    """(type, args, data_offset, data_length) of each event of a batch's
    data[start:end] (data_length 0 but for String)."""
    j = start
    try:
        while j < end:
            et = data[j]
            j += 1
            if et not in V2_EVENTS:
                raise ValueError(f'unknown event type {et}')
            _, nargs, extra = V2_EVENTS[et]
            args = []
            for _ in range(nargs):
                v, j = _uv(data, j)
                args.append(v)
            doff = dlen = 0
            if extra == 'D':
                dlen, j = _uv(data, j)
                doff = j
                j += dlen
            elif extra == 'S':
                for _ in range(4 * args[1]):
                    _, j = _uv(data, j)
            yield et, args, doff, dlen
    except IndexError:
        raise ValueError('cut short')


def v2_counts(data):
    """Counter of wire event names, plus 'generations' (distinct gens) and
    'batches'.  Raises ValueError on a malformed file."""
    cnt = collections.Counter()
    gens = set()
    for gen, exp, start, end in v2_batches(data):
        if gen is None:
            cnt['EndOfGeneration'] += 1
            continue
        gens.add(gen)
        cnt['batches'] += 1
        if exp:
            continue
        for et, _, _, _ in v2_events(data, start, end):
            cnt[V2_EVENTS[et][0]] += 1
    cnt['generations'] = len(gens)
    return cnt
