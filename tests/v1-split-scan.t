#!/bin/sh
# The v1 index pass on two threads (decode/v1/scan.c: on files of 8 MB and
# more a second thread scans the second half from a batch header it finds
# near the middle; the caller takes its work only when it meets that
# offset exactly).  Committed fixtures are far below 8 MB, so here
# GTVIEW_V1_SPLIT_MIN=0 makes every v1 trace split: each command's output
# and exit status must be byte for byte those of the one-thread scan, for
# the whole fixtures (where the split must be taken) and for copies cut or
# corrupted before, at and after the split offset (taken or dropped, the
# result is the same).  Corpus v1 traces join in when ../shared is there.
exec python3 - "$0" <<'PY'
import glob, os, random, re, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
# Traces written by Go 1.7 or later (the split needs batch headers with
# per-P sequence state): the project's own Go 1.19 fixtures.
whole = [os.path.join(FIXTURES, 'blocked_go119.trace'),
         os.path.join(FIXTURES, 'v1', 'basic_go119.trace')]
corpus = os.environ.get('GT_CORPUS', '')
if corpus and os.path.isdir(os.path.join(corpus, 'v1')):
    whole += sorted(p for p in glob.glob(os.path.join(corpus, 'v1', 'stress_1_*_good.trace'))
                    if '_1_5_' not in p)
SPLIT = {'GTVIEW_V1_SPLIT_MIN': '0'}
COMMANDS = (['check'], ['stats', '--json'], ['goroutines', '--json'], ['dump'])
_scratch = tempfile.TemporaryDirectory(prefix='gt-v1split-')  # removed at exit
tmp = _scratch.name


def same(args, label):
    """One command with and without the split: equal stdout and exit;
    returns the split's note from stderr ('' when there was no split)."""
    one = run(args)
    two = run(args, env=SPLIT)
    bad = one.problem() or two.problem()
    note = re.search(r'v1 scan split at (\d+): (\w+)', two.text())
    t.ok(not bad and one.status == two.status and one.out == two.out,
         f'{label}: {" ".join(args[:-1])} same on two threads',
         bad or f'exit {one.status} vs {two.status}; stdout equal: {one.out == two.out}')
    return note


for path in whole:
    name = os.path.basename(path)
    notes = [same(c + [path], name) for c in COMMANDS]
    n = notes[0]
    t.ok(n is not None and n.group(2) == 'taken',
         f'{name}: the split is taken', n.group(0) if n else 'no split note on stderr')
    if n is None or not path.startswith(FIXTURES):
        continue
    at = int(n.group(1))
    data = open(path, 'rb').read()
    # A decoy: a string record inserted at the split whose text is a copy
    # of the records that follow (repeated up to 40000 bytes).  The middle of the new file falls inside
    # it, the second thread falls in step with the copied records and
    # starts at a batch header within the string, which the caller (reading
    # the string as one record) never meets: its work must be dropped.
    text = (data[at:] * (40000 // (len(data) - at) + 1))[:40000]
    decoy = data[:at] + bytes([37]) + uvarint(999999) + uvarint(len(text)) + text + data[at:]
    f = os.path.join(tmp, 'decoy.trace')
    with open(f, 'wb') as out:
        out.write(decoy)
    dn = [same(c + [f], f'{name} with a decoy string') for c in COMMANDS][0]
    t.ok(dn is not None and dn.group(2) == 'dropped' and at < int(dn.group(1)) < at + 40000,
         f'{name} with a decoy string: the split inside the string is dropped',
         dn.group(0) if dn else 'no split note on stderr')
    # Cut and corrupted copies around the split, and spread over the file.
    rnd = random.Random(f'{name}:{len(data)}')
    cuts = sorted({at - 1, at, at + 1, at + 7, at + 300} |
                  {rnd.randrange(at // 2, len(data)) for _ in range(6)})
    flips = sorted({at, at + 1, at + 3, at + 40} | {rnd.randrange(at, len(data)) for _ in range(4)})
    mutants = cut_and_flipped(data, [c for c in cuts if 16 < c < len(data)], flips, rnd)
    for label, b in mutants:
        f = os.path.join(tmp, 'm.trace')
        with open(f, 'wb') as out:
            out.write(b)
        for c in (['check'], ['dump']):
            same(c + [f], f'{name} {label}')
t.done()
PY
