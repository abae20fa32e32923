#!/bin/sh
# A few bad, cut and flipped inputs under valgrind --leak-check=full: no
# invalid access, no use of uninitialised memory, no leak, on the error
# paths as on the good ones.  (On the ASan build, LeakSanitizer already
# checks every run of every test: this one is skipped there.)
exec python3 - "$0" <<'PY'
import os, random, shutil, subprocess, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
if is_asan():
    t.skip_all('ASan build: LeakSanitizer checks leaks in every test')
vg = shutil.which('valgrind')
if not vg:
    t.skip_all('valgrind not installed')
tmp = tempfile.mkdtemp(prefix='gt-valgrind-')


def inputs():
    yield 'not a trace', b'hello, world\n' * 10
    yield 'go 1.99 header', header(99) + b'\x01' * 32
    yield 'v2 header then zeros', header(22) + b'\0' * 64
    for name in ('esbuild_go122.trace', 'esbuild_go126.trace'):
        p = os.path.join(FIXTURES, name)
        if not os.path.exists(p):
            continue
        data = open(p, 'rb').read()
        yield f'{name} cut at 8 KB', data[:8192]
        rnd = random.Random(name)
        b = bytearray(data[:16384])
        for _ in range(4):
            b[rnd.randrange(16, len(b))] ^= 1 << rnd.randrange(8)
        yield f'{name} first 16 KB, 4 bits flipped', bytes(b)
    v1 = sorted(p for p in trace_fixtures() if os.sep + 'v1' + os.sep in p)
    if v1:
        data = open(v1[0], 'rb').read()
        yield f'v1/{os.path.basename(v1[0])} cut at half', data[:len(data) // 2]


for name, data in inputs():
    p = os.path.join(tmp, 'input')
    with open(p, 'wb') as f:
        f.write(data)
    for cmd in (['check'], ['stats', '--json']):
        e = dict(os.environ)
        try:
            pr = subprocess.run([vg, '-q', '--leak-check=full', '--error-exitcode=9',
                                 '--errors-for-leak-kinds=definite,indirect,possible',
                                 GTVIEW] + cmd + [p],
                                stdin=subprocess.DEVNULL, capture_output=True, timeout=300, env=e)
            st, err = pr.returncode, pr.stderr.decode('utf-8', 'replace')
        except subprocess.TimeoutExpired:
            st, err = None, 'no end within 300 s'
        t.ok(st in (0, 1), f'valgrind {" ".join(cmd)}: {name}: exit {st}, no valgrind error',
             '\n'.join(err.splitlines()[:30]))

shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
