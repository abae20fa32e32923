"""pprof_pb.py: a pprof profile (gzipped profile.proto) read without Go:
its samples as {stack: [count, value]}, a stack being the tuple of the
function names of its frames, innermost first ('' for a frame without a
line: a bare PC).  Enough of protobuf's wire format for what
`gtview pprof` writes: varints, packed varints, length-delimited."""
import gzip

from fixtures_raw import _uv as _varint  # tests/ on the path, as the tests put it


def _fields(b):
    i = 0
    while i < len(b):
        key, i = _varint(b, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = _varint(b, i)
        elif wt == 2:
            n, i = _varint(b, i)
            v, i = b[i:i + n], i + n
        elif wt == 1:
            v, i = b[i:i + 8], i + 8
        elif wt == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError('wire type %d' % wt)
        yield f, wt, v


def _ints(wt, v):
    if wt == 0:
        return [v]
    out, i = [], 0
    while i < len(v):
        x, i = _varint(v, i)
        out.append(x)
    return out


def samples(path):
    data = gzip.open(path).read()
    strings, funcs, locs, raw = [], {}, {}, []
    for f, wt, v in _fields(data):
        if f == 6:
            strings.append(v.decode('utf-8', 'replace'))
        elif f == 5:
            d = {g: x for g, _, x in _fields(v)}
            funcs[d.get(1, 0)] = d.get(2, 0)
        elif f == 4:
            lid, fn = 0, None
            for g, _, x in _fields(v):
                if g == 1:
                    lid = x
                elif g == 4 and fn is None:
                    fn = {h: y for h, _, y in _fields(x)}.get(1, 0)
            locs[lid] = fn
        elif f == 2:
            ids, vals = [], []
            for g, w, x in _fields(v):
                if g == 1:
                    ids += _ints(w, x)
                elif g == 2:
                    vals += _ints(w, x)
            raw.append((ids, vals))
    out = {}
    for ids, vals in raw:
        st = tuple(strings[funcs[locs[i]]] if locs.get(i) is not None else '' for i in ids)
        c = out.setdefault(st, [0, 0])
        c[0] += vals[0]
        c[1] += vals[1]
    return out
