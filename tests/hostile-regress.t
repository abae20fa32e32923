#!/bin/sh
# Inputs that broke something before, replayed through gtview itself:
# - tests/fuzz-regress/NAME/: minimized libFuzzer findings (fuzz/), as the
#   harness takes them (v2, v1: a header selector byte then the body);
# - ../shared/corpus/bad/ when present: inputs that crashed or confused
#   Go's and gotraceui's trace parsers (Go fuzz literals, fuzz/golit.py).
# check, stats --json, gc --json, goroutines --json (also --by-func over
# a window), regions --json and pprof must end within 20 s
# with 0 or 1 ("offset N" for 1), and the viewer, headless, with 0 or 1;
# assemble (text) and --list-keys --config (config) with 0, 1 or 2 and a
# message for 1 and 2; never a crash or a sanitizer report.  The loader's
# two ways of taking events (the decoder's record path and every event
# through the sink: rec/rec.h) must build the same model of each trace
# (bench/model-digest, when built).
# Under ASan each run costs a few tenths of a CPU second before it reads a
# byte: there the corpus's bad/ inputs (from other parsers, and also seeds
# of every libFuzzer harness in make fuzz, which takes them through the
# decoders and the model under the same sanitizers) take a cover: check on
# each, and a third of the other runs in turn, so every command, the
# viewer and the digests still see a third of them.  tests/fuzz-regress/
# (our own findings) gets every run under ASan as in the plain build, which
# runs everything on every input.
exec python3 - "$0" <<'PY'
import glob, os, subprocess, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *
sys.path.insert(0, os.path.join(ROOT, 'fuzz'))
import golit

t = gtview_tap()
tmp = tempfile.mkdtemp(prefix='gt-regress-')
corpus = os.environ.get('GT_CORPUS', '')
DIGEST = os.path.join(os.environ.get('GT_BUILD', ''), 'bench', 'model-digest')


def write(name, data):
    p = os.path.join(tmp, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p


def trace_runs(label, data, part=None):
    """Every run on data; part k (the ASan cover): check and the runs
    numbered k modulo 3 of the others."""
    p = write('input.trace', data)
    take = lambda i: part is None or i == 0 or i % 3 == part % 3
    for i, cmd in enumerate((['check'], ['stats', '--json'], ['gc', '--json'], ['goroutines', '--json'],
                             ['goroutines', '--by-func', '--json', '--window', '0:'],
                             ['regions', '--json'], ['pprof', '--kind', 'sync'])):
        if not take(i):
            continue
        r = run(cmd + [p], timeout=20)
        bad = r.problem((0, 1))
        if not bad and r.status == 1 and 'offset' not in r.text():
            bad = r.describe() + ' [exit 1 without "offset N"]'
        t.ok(bad is None, f'{" ".join(cmd)}: {label}', bad)
    if take(7):
        r = run([p], timeout=20, env=view_env(tmp))
        t.ok(r.problem((0, 1)) is None, f'viewer, keys to the ends: {label}', r.problem((0, 1)))
    if os.access(DIGEST, os.X_OK) and take(8):
        outs = []
        for recs in ('1', '0'):
            env = dict(os.environ, GTVIEW_LOAD_RECS=recs)
            r = subprocess.run([DIGEST, p], env=env, capture_output=True, timeout=20)
            outs.append(r.stdout)
        t.ok(outs[0] == outs[1], f'model: record path = every event to the sink: {label}',
             None if outs[0] == outs[1] else 'model digests differ')


count = 0
for kind in ('v2', 'v1'):
    for f in sorted(glob.glob(os.path.join(REGRESS, kind, '*'))):
        count += 1
        trace_runs(f'fuzz-regress/{kind}/{os.path.basename(f)}', from_harness(kind, open(f, 'rb').read()))
for f in sorted(glob.glob(os.path.join(REGRESS, 'text', '*'))):
    count += 1
    out = os.path.join(tmp, 'assembled.trace')
    r = run(['assemble', f, out], timeout=20)
    bad = r.problem((0, 1, 2))
    if not bad and r.status and not r.text().strip():
        bad = r.describe() + ' [no message]'
    t.ok(bad is None, f'assemble: fuzz-regress/text/{os.path.basename(f)}', bad)
    if r.status == 0 and os.path.exists(out):
        trace_runs(f'fuzz-regress/text/{os.path.basename(f)} assembled', open(out, 'rb').read())
for f in sorted(glob.glob(os.path.join(REGRESS, 'config', '*'))):
    count += 1
    r = run(['--config', f, '--list-keys'], timeout=20)
    t.ok(r.problem((0, 1, 2)) is None, f'--config --list-keys: fuzz-regress/config/{os.path.basename(f)}',
         r.problem((0, 1, 2)))

bad_dir = os.path.join(corpus, 'bad')
if corpus and os.path.isdir(bad_dir):
    for k, f in enumerate(sorted(glob.glob(os.path.join(bad_dir, '*', '*')))):
        try:
            with open(f, encoding='utf-8', errors='surrogateescape') as fh:
                data = golit.decode(fh.read())
        except ValueError as e:
            t.ok(False, f'decode Go fuzz literal {f}', e)
            continue
        count += 1
        trace_runs(f'corpus bad/{os.path.relpath(f, bad_dir)}', data, k if is_asan() else None)

if count == 0:
    t.skip_all('no regression inputs and no corpus')

import shutil
shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
