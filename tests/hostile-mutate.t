#!/bin/sh
# Mutation test: every committed trace fixture cut at many offsets and with
# bits flipped.  Each run of `gtview check` and `gtview stats --json` must end
# within 20 s (a hang is a failure) with exit 0 or 1, never a crash or a
# sanitizer report; exit 1 must say where: "offset N".  The viewer, headless
# (hostile_lib.VIEW_KEYS), walks a tenth of them.  Offsets and bits
# come from a fixed seed, so a failure reproduces; failing inputs are kept
# in $GT_BUILD/hostile-failures/.  HOSTILE_CUTS / HOSTILE_FLIPS change the
# counts (default 40 and 40 per fixture for check, 20 and 20 under ASan;
# stats --json, which runs the same decoder then builds the model, gets
# the first 12 of each).
exec python3 - "$0" <<'PY'
import os, random, sys, tempfile, json
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
fixtures = trace_fixtures()
if not fixtures:
    t.skip_all('no fixtures in tests/fixtures')
# Under ASan a run costs some 0.2 s of CPU before any work (its runtime's
# start and the leak check at exit), and the fuzzers (make fuzz) mutate
# the same decoders under it in-process: half as many mutants there.
CUTS = int(os.environ.get('HOSTILE_CUTS', 20 if is_asan() else 40))
FLIPS = int(os.environ.get('HOSTILE_FLIPS', 20 if is_asan() else 40))
keep = os.path.join(os.environ.get('GT_BUILD', tempfile.gettempdir()), 'hostile-failures')
tmp = tempfile.mkdtemp(prefix='gt-mutate-')


def mutants(name, data, cuts_n, flips_n):
    """(label, bytes) pairs: cuts, then flips; the same every run."""
    rnd = random.Random(f'{name}:{len(data)}')
    n = len(data)
    # Cuts: inside the header, right after it, then spread over the file
    # (an empty file is tests/hostile-args.t's: an I/O error, exit 2).
    cuts = sorted({1, 15, 16, 17} | {rnd.randrange(18, n) for _ in range(CUTS - 4)})
    # A spread subset when fewer are wanted.
    step = max(1, len(cuts) // max(1, cuts_n))
    for c in cuts[::step][:cuts_n]:
        yield f'cut at {c}', data[:c]
    for k in range(FLIPS):
        # Most flips land after the header: that is where decoding is.
        pos = rnd.randrange(16, n) if rnd.random() < 0.9 else rnd.randrange(0, 16)
        bit = rnd.randrange(8)
        if k >= flips_n:
            continue
        b = bytearray(data)
        b[pos] ^= 1 << bit
        yield f'bit {bit} flipped at {pos}', bytes(b)


def check_mutants(cmd, name, seed, data, cuts, flips, env=None):
    """Runs cmd on every mutant of data; one TAP line: all end in 0 or 1,
    1 with the offset, stats' 0 with JSON.  Failing inputs are kept.  The
    viewer: cmd [] and env view_env()."""
    fails = []
    runs = 0
    for label, m in mutants(seed, data, cuts, flips):
        p = os.path.join(tmp, 'input')
        with open(p, 'wb') as f:
            f.write(m)
        r = run(cmd + [p], timeout=20, env=env)
        runs += 1
        bad = r.problem((0, 1))
        if not bad and r.status == 1 and cmd and 'offset' not in r.text():
            bad = r.describe() + ' [exit 1 without "offset N"]'
        if not bad and r.status == 0 and cmd[:1] == ['stats']:
            try:
                json.loads(r.out)
            except ValueError as e:
                bad = r.describe() + f' [exit 0 but stdout is not JSON: {e}]'
        if bad:
            os.makedirs(keep, exist_ok=True)
            kp = os.path.join(keep, f'{seed.replace("/", "_")}-{label.replace(" ", "-")}')
            with open(kp, 'wb') as f:
                f.write(m)
            fails.append(f'{label}: {bad} (input: {kp})')
    t.ok(not fails, f'{" ".join(cmd) or "viewer"}: {name}: {runs} cut/flipped inputs end with 0 or 1',
         '\n'.join(fails[:8]) + (f'\n... {len(fails)} failures' if len(fails) > 8 else ''))


for fx in fixtures:
    name = os.path.relpath(fx, FIXTURES)
    data = open(fx, 'rb').read()
    for cmd, share in ((['check'], 1.0), (['stats', '--json'], 0.3)):
        check_mutants(cmd, name, name, data, int(CUTS * share), int(FLIPS * share))
    check_mutants([], name, name, data, int(CUTS * 0.1), int(FLIPS * 0.1), view_env(tmp))

# The other reports on one fixture's mutants: they walk the model further.
fx = os.path.join(FIXTURES, 'esbuild_go126.trace')
if os.path.exists(fx):
    data = open(fx, 'rb').read()
    for cmd in (['goroutines', '--json'], ['gc', '--json'], ['dump']):
        check_mutants(cmd, 'esbuild_go126.trace', 'reports', data, 10, 10)

import shutil
shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
