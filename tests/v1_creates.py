"""v1_creates.py: an independent, minimal reader of old-format (Go 1.7 to
1.21) trace files for the tests: the start function of every goroutine a
GoCreate event names, read straight from the wire (no ordering, no
validation), including the GoCreate events tracing's start writes for the
goroutines that already exist, which Go's newer reader drops.

Wire format (Go 1.19's internal/trace): a 16-byte header "go 1.N trace",
then events: a byte whose low 6 bits are the type and top 2 bits the
argument count less one; String (37) is id, length and the bytes; events
of 4 or more arguments give their length in bytes first; UserLog (48) is
followed by a string.  Stack (3): id, frame count, then pc, function
string id, file string id and line per frame.  GoCreate (13): time, the
new goroutine, its start stack (one frame: its start function), the
creator's stack.
"""

from fixtures_raw import _uv

EV_STACK, EV_GO_CREATE, EV_STRING, EV_USER_LOG = 3, 13, 37, 48


def start_funcs(path):
    """{goroutine id: start function} from the trace's GoCreate events;
    ids created more than once (reused) are left out."""
    b = open(path, 'rb').read()
    if not b.startswith(b'go 1.') or int(b[5:b.index(b' ', 5)]) < 7:
        raise ValueError('%s: not an old-format trace of Go 1.7+' % path)
    strings, stacks, creates = {}, {}, {}
    i = 16
    while i < len(b):
        typ, narg = b[i] & 0x3f, (b[i] >> 6) + 1
        i += 1
        if typ == EV_STRING:
            sid, i = _uv(b, i)
            n, i = _uv(b, i)
            strings[sid] = b[i:i + n].decode('utf-8', 'replace')
            i += n
            continue
        args = []
        if narg < 4:
            for _ in range(narg):
                v, i = _uv(b, i)
                args.append(v)
        else:
            n, i = _uv(b, i)
            end = i + n
            while i < end:
                v, i = _uv(b, i)
                args.append(v)
        if typ == EV_USER_LOG:
            n, i = _uv(b, i)
            i += n
        if typ == EV_STACK and len(args) >= 6:
            stacks[args[0]] = args[3]  # the first frame's function
        elif typ == EV_GO_CREATE:
            creates.setdefault(args[1], []).append(args[2])
    return {g: strings.get(stacks.get(st[0]), '') for g, st in creates.items() if len(st) == 1}
