#!/bin/sh
# The v1 decoder's two runs at once (decode/v1/pipe.c: for files of 8 MB
# and more loaded into a model, the first run on a thread of its own, the
# second behind it; when it cannot prove what it delivered is what a
# sequential decode delivers, it gives up and the loader decodes again).
# Committed fixtures are far below 8 MB: GTVIEW_V1_PIPE_MIN=0 makes every
# model load of a v1 trace take that path; GTVIEW_V1_PIPE_LOCKSTEP=1 keeps
# the second run right behind the first (moved syscall exits are then
# found too late on some traces: the give-up is real);
# GTVIEW_V1_PIPE_RESTART=1 makes it give up after a first stretch.  In
# every mode, each command's output and exit status must be byte for byte
# the sequential one's (GTVIEW_LOAD_THREADS=1, no pipeline), for whole
# fixtures and for cut and bit-flipped copies.  Corpus v1 traces join in
# when ../shared is there.
exec python3 - "$0" <<'PY'
import glob, os, random, re, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
fixtures = [os.path.join(FIXTURES, 'blocked_go119.trace')] + \
    sorted(glob.glob(os.path.join(FIXTURES, 'v1', '*.trace')))
corpus = os.environ.get('GT_CORPUS', '')
cfiles = []
if corpus and os.path.isdir(os.path.join(corpus, 'v1')):
    cfiles = sorted(glob.glob(os.path.join(corpus, 'v1', '*.trace')))
BASE = {'GTVIEW_V1_PIPE_MIN': '0', 'GTVIEW_LOAD_STATS': '1', 'GTVIEW_LOAD_THREADS': '2'}
MODES = {
    'pipelined': {},
    'lockstep': {'GTVIEW_V1_PIPE_LOCKSTEP': '1'},
    'forced restart': {'GTVIEW_V1_PIPE_LOCKSTEP': '1', 'GTVIEW_V1_PIPE_RESTART': '1'},
}
COMMANDS = (['goroutines', '--json'], ['gc', '--json'], ['stats'])  # stats (text): its counting sink forgets on a restart
SEQ = {'GTVIEW_LOAD_THREADS': '1'}
_scratch = tempfile.TemporaryDirectory(prefix='gt-v1pipe-')  # removed at exit
tmp = _scratch.name
notes = {}


def version(path):
    with open(path, 'rb') as f:
        m = re.match(rb'go 1\.(\d+) trace', f.read(16))
    return int(m.group(1)) if m else 0


def same(args, label):
    """One command sequentially and in every pipelined mode: equal stdout
    and exit status; returns the modes' 'v1 pipe:' notes."""
    ref = run(args, env=SEQ)
    got = {}
    for mode, env in MODES.items():
        e = dict(BASE)
        e.update(env)
        r = run(args, env=e)
        bad = ref.problem() or r.problem()
        t.ok(not bad and ref.status == r.status and ref.out == r.out,
             f'{label}: {" ".join(args[:-1])} {mode} same as sequential',
             bad or f'exit {ref.status} vs {r.status}; stdout equal: {ref.out == r.out}')
        got[mode] = re.findall(r'^(v1 pipe: .*|load: restarts: .*)$', r.text(), re.M)
    return got


for path in fixtures + cfiles:
    name = os.path.basename(path)
    got = [same(c + [path], name) for c in COMMANDS][0]
    notes[name] = got
    p = got['pipelined']
    if version(path) < 7 or (version(path) < 11 and not p):
        continue  # 1.5, and traces with futile wakeups to drop: one run after the other
    t.ok(p and p[0].startswith('v1 pipe: ok'), f'{name}: pipelined', repr(p))
    f = got['forced restart']
    t.ok(len(f) == 2 and f[0].startswith('v1 pipe: restart') and f[1].startswith('load: restarts: 1'),
         f'{name}: forced restart restarts once', repr(f))

if cfiles:
    late = [n for n, g in notes.items() if any('found too late' in x for x in g['lockstep'])]
    t.ok(late, 'lockstep: some corpus trace gives up for a moved syscall exit found too late',
         'none did')

# Cut and corrupted copies of the Go 1.19 fixtures.
for path in fixtures[:2]:
    name = os.path.basename(path)
    data = open(path, 'rb').read()
    rnd = random.Random(f'{name}:{len(data)}')
    cuts = sorted({rnd.randrange(17, len(data)) for _ in range(6)} | {len(data) // 2})
    flips = sorted({rnd.randrange(16, len(data)) for _ in range(6)})
    mutants = cut_and_flipped(data, cuts, flips, rnd)
    for label, b in mutants:
        f = os.path.join(tmp, 'm.trace')
        with open(f, 'wb') as out:
            out.write(b)
        for c in (['goroutines', '--json'], ['stats']):
            same(c + [f], f'{name} {label}')
t.done()
PY
