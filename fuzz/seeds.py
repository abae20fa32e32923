#!/usr/bin/env python3
"""seeds.py OUTDIR [CORPUS]: writes libFuzzer seed corpora OUTDIR/{v2,v1,text,config}/.

The decoding harnesses (fuzz_v2.c, fuzz_v1.c) take one byte choosing the
header version then the body after the 16-byte header, so a trace becomes
[selector] + file[16:].  Seeds: the project's fixtures (whole, and cut to
1, 4 and 16 KB so the fuzzer also works on small inputs), the regression
inputs in tests/fuzz-regress/, and when CORPUS (../shared/corpus) exists
its bad/ inputs (Go fuzz literals, fuzz/golit.py) and its files < 100 KB.
Each trace also gives a hostile variant (tests/hostile_strings.py: its
strings swapped for terminal control sequences of the same length), so
the fuzzer starts from strings the escaping rule must neutralise."""
import glob
import hashlib
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golit  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'tests'))
from hostile_strings import hostile  # noqa: E402

V2 = {22: 0, 23: 1, 24: 1, 25: 2, 26: 3}
V1 = {5: 0, 6: 0, 7: 1, 8: 2, 9: 3, 10: 4, 11: 5, 19: 6, 21: 7}
SMALL = 100 * 1024
out, corpus = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
counts = {}


def put(kind, data):
    d = os.path.join(out, kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), 'wb') as f:
        f.write(data)
    counts[kind] = counts.get(kind, 0) + 1


def version(data):
    m = re.match(rb'go 1\.(\d+) trace\0*$', data[:16])
    return int(m.group(1)) if m and len(data) >= 16 else None


def trace(data, cuts=False, variant=True):
    if variant:
        h, n = hostile(data)
        if n:
            trace(h, variant=False)
    v = version(data)
    for kind, table in (('v2', V2), ('v1', V1)):
        if v in table:
            body = bytes([table[v]]) + data[16:]
            put(kind, body)
            if cuts:
                for n in (1024, 4096, 16384):
                    if len(body) > n:
                        put(kind, body[:n])


def read(path):
    with open(path, 'rb') as f:
        return f.read()


for p in sorted(glob.glob('tests/fixtures/*.trace') + glob.glob('tests/fixtures/*/*.trace')):
    trace(read(p), cuts=True)
for p in sorted(glob.glob('tests/fixtures/text/*')):
    put('text', read(p))
for kind in ('v2', 'v1', 'text', 'config'):
    for p in sorted(glob.glob(f'tests/fuzz-regress/{kind}/*')):
        put(kind, read(p))
for p in sorted(glob.glob('keymaps/*.keys') + glob.glob('fuzz/seeds/config/*')):
    put('config', read(p))

if corpus and os.path.isdir(corpus):
    for p in sorted(glob.glob(f'{corpus}/bad/*/*')):
        try:
            with open(p, encoding='utf-8', errors='surrogateescape') as f:
                trace(golit.decode(f.read()))
        except ValueError:
            pass
    for p in sorted(glob.glob(f'{corpus}/v1/*.trace') + glob.glob(f'{corpus}/v2/*.trace')
                    + glob.glob(f'{corpus}/truncated/*.trace')):
        if os.path.getsize(p) < SMALL:
            trace(read(p), cuts=True)
    for p in sorted(glob.glob(f'{corpus}/text/*.test')):
        put('text', read(p))

for kind in ('v2', 'v1', 'text', 'config'):
    os.makedirs(os.path.join(out, kind), exist_ok=True)
print('seeds:', ', '.join(f'{k} {counts.get(k, 0)}' for k in ('v2', 'v1', 'text', 'config')))
