#!/bin/sh
# Hostile input to the text form: `gtview assemble TEXT OUT` (text -> binary)
# and `gtview assemble -d TRACE OUT` (binary -> text) on bad files, broken
# text, numbers that overflow, output that cannot be written, and cut or
# bit-flipped fixtures.  Each run ends within 20 s with its contract's
# status (0 done; 1 bad input, with where: "FILE:LINE:" or "offset N"; 2 usage
# or I/O error) and a message; never a crash or a sanitizer report.
exec python3 - "$0" <<'PY'
import os, random, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
tmp = tempfile.mkdtemp(prefix='gt-text-')
out = os.path.join(tmp, 'out')


def write(name, data):
    p = os.path.join(tmp, name)
    with open(p, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return p


def expect(args, allowed, name, must=()):
    r = run(args, timeout=20)
    bad = r.problem(allowed)
    if not bad and r.status and not r.text().strip():
        bad = r.describe() + ' [no message]'
    for m in must:
        if not bad and m not in r.text():
            bad = r.describe() + f' [message lacks {m!r}]'
    t.ok(bad is None, name, bad)
    return r


GOOD = 'Trace Go1.22\nEventBatch gen=1 m=18446744073709551615 time=0 size=5\nFrequency freq=15625000\n'
expect(['assemble', write('good.txt', GOOD), out], (0,), 'assemble: a minimal good text')
expect(['assemble', os.path.join(tmp, 'missing.txt'), out], (2,), 'assemble: missing file', ['missing.txt'])
expect(['assemble', tmp, out], (2,), 'assemble: a directory')
expect(['assemble', write('empty.txt', b''), out], (1, 2), 'assemble: empty file')
expect(['assemble', write('good2.txt', GOOD), '/dev/full'], (2,), 'assemble: output to a full device', ['write'])
expect(['assemble', write('good3.txt', GOOD), os.path.join(tmp, 'no', 'such', 'dir')], (2,),
       'assemble: output into a missing directory')
expect(['assemble'], (2,), 'assemble without arguments')
expect(['assemble', '-d'], (2,), 'assemble -d without arguments')

BAD = {
    'binary garbage': bytes(range(256)) * 8,
    'NUL bytes in the text': GOOD.replace('Frequency', 'Freq\0uency'),
    'txtar without a trace file': '-- expect --\nSUCCESS\n-- other --\nx\n',
    'header from the future': GOOD.replace('Go1.22', 'Go1.99'),
    'header with no version': 'Trace Go\n',
    'unknown event name': GOOD + 'NoSuchEvent dt=1\n',
    'argument overflowing 64 bits': GOOD.replace('time=0', 'time=99999999999999999999999999'),
    'negative argument': GOOD.replace('time=0', 'time=-1'),
    'argument without a value': GOOD.replace('time=0', 'time='),
    'missing arguments': 'Trace Go1.22\nEventBatch gen=1\n',
    'unterminated data string': 'Trace Go1.22\nEventBatch gen=1 m=1 time=0 size=9\nStrings\nString id=1\n\tdata="abc\n',
    'bad escape in data': 'Trace Go1.22\nEventBatch gen=1 m=1 time=0 size=9\nStrings\nString id=1\n\tdata="\\q"\n',
    'stack with 2^40 frames claimed': 'Trace Go1.22\nEventBatch gen=1 m=1 time=0 size=9\nStacks\nStack id=1 nframes=1099511627776\n',
    'a 1 MB line': 'Trace Go1.22\n' + 'x' * (1 << 20) + '\n',
    '100000 lines of one event': GOOD + 'ProcStop dt=1\n' * 100000,
}
for name, text in BAD.items():
    r = expect(['assemble', write('bad.txt', text), out], (0, 1, 2), f'assemble: {name}')

# Binary -> text on cut and flipped fixtures.
fx = os.path.join(FIXTURES, 'esbuild_go122.trace')
if os.path.exists(fx):
    data = open(fx, 'rb').read()
    rnd = random.Random('text')
    cases = [(f'cut at {c}', data[:c]) for c in sorted(rnd.randrange(1, len(data)) for _ in range(15))]
    for _ in range(15):
        b = bytearray(data)
        pos = rnd.randrange(16, len(b))
        b[pos] ^= 1 << rnd.randrange(8)
        cases.append((f'bit flipped at {pos}', bytes(b)))
    fails = []
    for name, m in cases:
        r = run(['assemble', '-d', write('in.trace', m), out], timeout=20)
        bad = r.problem((0, 1))
        if not bad and r.status == 1 and 'offset' not in r.text():
            bad = r.describe() + ' [exit 1 without "offset N"]'
        if bad:
            fails.append(f'{name}: {bad}')
    t.ok(not fails, f'assemble -d: {len(cases)} cut or flipped esbuild_go122.trace end with 0 or 1', '\n'.join(fails[:8]))
    expect(['assemble', '-d', write('notrace', b'hello\n' * 10), out], (1,), 'assemble -d: not a trace')
    expect(['assemble', '-d', write('v1.trace', header(19) + b'\x01' * 10), out], (1,),
           'assemble -d: an old-format (v1) trace', [])

import shutil
shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
