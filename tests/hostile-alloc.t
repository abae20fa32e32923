#!/bin/sh
# Allocation bound: no input of 1 KB makes gtview allocate more than 64 MB.
# Crafted inputs claim huge sizes and ids (batch sizes, string lengths,
# frame counts, generation, M, P, goroutine, string and stack ids near
# 2^63) and random bodies follow every header version.  Each `gtview check`
# and `gtview stats --json` (which also builds the model) runs with its address space capped at (what it needs for an empty trace)
# + 64 MB and must end with exit 0 or 1, not be killed and not report
# running out of memory.  On the ASan build (whose shadow memory cannot be
# capped) single allocations are capped at 64 MB instead
# (max_allocation_size_mb) and the resident size is bounded.  There each
# run costs a few tenths of a CPU second before it reads a byte, so the
# ASan build takes a cover of the plain build's product: each crafted case
# on one header version of its family, in turn (so every version still
# gets crafted cases), and two of each version's eight random bodies;
# both commands on every input taken.  The plain build runs every case on
# every version, and libFuzzer (make fuzz) feeds far more random bodies
# through the sanitizers.
exec python3 - "$0" <<'PY'
import os, random, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
tmp = tempfile.mkdtemp(prefix='gt-alloc-')
asan = is_asan()
MB = 1 << 20
u = uvarint
BIG = (1 << 63) - 1


def v2batch(gen, m, ts, body, size=None):
    """A v2 event batch: EvEventBatch gen m ts size body."""
    return b'\x01' + u(gen) + u(m) + u(ts) + u(len(body) if size is None else size) + body


# v2 event types (Go's tracev2): structural, then timed events.
EvStacks, EvStack, EvStrings, EvString, EvFrequency = 2, 3, 4, 5, 8
EvProcStatus, EvGoStatus, EvGoCreate = 13, 25, 14


def v2cases():
    freq = v2batch(1, BIG, 1, bytes([EvFrequency]) + u(15625000))
    yield 'batch size 2^63', v2batch(1, 1, 1, b'', size=BIG)
    yield 'batch size just over 64 KB', v2batch(1, 1, 1, b'\x00' * 16, size=(64 << 10) + 1)
    yield 'generation, M and time near 2^63', v2batch(BIG, BIG, BIG, b'')
    yield 'string of length 2^62', freq + v2batch(1, BIG, 1, bytes([EvStrings, EvString]) + u(1) + u(1 << 62) + b'abc')
    yield 'string id 2^63', freq + v2batch(1, BIG, 1, bytes([EvStrings, EvString]) + u(BIG) + u(3) + b'abc')
    yield 'stack of 2^40 frames', freq + v2batch(1, BIG, 1, bytes([EvStacks, EvStack]) + u(1) + u(1 << 40) + u(1) * 8)
    yield 'stack id 2^63', freq + v2batch(1, BIG, 1, bytes([EvStacks, EvStack]) + u(BIG) + u(1) + u(1) * 4)
    yield 'P id 2^62 (ProcStatus)', freq + v2batch(1, 1, 1, bytes([EvProcStatus]) + u(1) + u(1 << 62) + u(1))
    yield 'goroutine id 2^62 (GoStatus)', freq + v2batch(1, 1, 1, bytes([EvGoStatus]) + u(1) + u(1 << 62) + u(1) + u(2))
    yield 'goroutine id 2^62 (GoCreate)', freq + v2batch(1, 1, 1, bytes([EvGoCreate]) + u(1) + u(1 << 62) + u(0) + u(0))
    # Many small batches, each of a new generation / M far apart.
    many = b''.join(v2batch(1 << (g % 60), g << 40, g, b'') for g in range(1, 60))
    yield '59 batches of generations up to 2^59', many[:1000]
    many = b''.join(v2batch(1, (g * 7919) << 32, g, bytes([EvProcStatus]) + u(1) + u(g << 30) + u(1)) for g in range(1, 80))
    yield '79 Ms and Ps with ids far apart', freq + many[:950]
    strs = bytes([EvStrings]) + b''.join(bytes([EvString]) + u(i << 24) + u(1) + b'x' for i in range(1, 150))
    yield '149 strings with ids 2^24 apart', freq + v2batch(1, BIG, 1, strs)[:1000]
    stacks = bytes([EvStacks]) + b''.join(bytes([EvStack]) + u(i << 30) + u(128) for i in range(1, 300))
    yield '299 stacks claiming 128 frames', freq + v2batch(1, BIG, 1, stacks)[:1000]


def v1ev(typ, *args):
    """A v1 event: type | (nargs-1)<<6, args; 4+ args are length-prefixed."""
    if len(args) < 4:
        return bytes([typ | ((len(args) - 1) << 6 if args else 0)]) + b''.join(u(a) for a in args)
    body = b''.join(u(a) for a in args)
    return bytes([typ | (3 << 6)]) + u(len(body)) + body


def v1cases():
    # v1 types (Go 1.19 internal/trace): Batch 1, Frequency 2, Stack 3,
    # GoCreate 13, String 37.
    yield 'v1 string of length 2^62', bytes([37]) + u(1) + u(1 << 62) + b'abc'
    yield 'v1 string id 2^63', bytes([37]) + u(BIG) + u(3) + b'abc'
    yield 'v1 stack of 2^40 frames', v1ev(1, 0, 1) + v1ev(3, 1, 1 << 40, 1, 1, 1, 1)
    yield 'v1 event length 2^62', bytes([13 | (3 << 6)]) + u(1 << 62) + u(1) * 8
    yield 'v1 batch on P 2^62', v1ev(1, 1 << 62, 1) + v1ev(13, 1, 1 << 62, 1, 1)
    yield 'v1 goroutine id 2^62', v1ev(1, 0, 1) + v1ev(2, 1000) + v1ev(13, 2, 1 << 62, 1, 1)
    many = b''.join(v1ev(1, p << 40, p) for p in range(1, 120))
    yield 'v1 119 batches of Ps far apart', many[:1000]
    strs = b''.join(bytes([37]) + u(i << 30) + u(1) + b'x' for i in range(1, 200))
    yield 'v1 199 strings with ids far apart', strs[:1000]


def cases(cover):
    """Every case on every version; with cover, the ASan build's cover
    (above): the same inputs, fewer of them."""
    for vers, family in (((22, 23, 25, 26), v2cases), ((11, 19, 21), v1cases)):
        for k, (name, body) in enumerate(family()):
            for j, ver in enumerate(vers):
                if not cover or j == k % len(vers):
                    yield f'go 1.{ver}: {name}', header(ver) + body
    rnd = random.Random(1024)
    for ver in (5, 7, 8, 9, 10, 11, 19, 21, 22, 23, 25, 26):
        for i in range(8):
            body = rnd.randbytes(1024 - 16)
            if not cover or i < 2:
                yield f'go 1.{ver}: random body #{i}', header(ver) + body


def write(data):
    p = os.path.join(tmp, 'input')
    with open(p, 'wb') as f:
        f.write(data[:1024])
    return p


# What an empty trace needs (binary, libraries, locale, stack): the smallest
# address-space cap under which `check` of a bare v2 header still works.
def works(limit):
    r = run(['check', write(header(22))], limit_as=limit, timeout=20)
    return r.status in (0, 1) and 'memory' not in r.text().lower()

if asan:
    base_rss = run(['check', write(header(22))]).maxrss_kb
    env = {'ASAN_OPTIONS': SAN_ENV['ASAN_OPTIONS'] + ':max_allocation_size_mb=64'}
    limit = None
    t.ok(True, f'ASan build: single allocations capped at 64 MB; empty trace RSS {base_rss} KB')
else:
    lo, hi = 1 * MB, 1024 * MB
    if not works(hi):
        t.ok(False, 'check of a bare v2 header works under a 1 GB address-space cap')
        t.done()
    while hi - lo > MB:
        mid = (lo + hi) // 2
        if works(mid):
            hi = mid
        else:
            lo = mid
    limit = hi + 64 * MB
    env = None
    t.ok(True, f'empty trace needs {hi // MB} MB of address space: cap at {limit // MB} MB')

for name, data in cases(asan):
    # stats also builds the model: its allocations count too.
    for cmd in (['check'], ['stats', '--json']):
        r = run(cmd + [write(data)], limit_as=limit, env=env, timeout=20)
        bad = r.problem((0, 1))
        if not bad and 'memory' in r.text().lower():
            bad = r.describe() + ' [ran out of memory: allocated more than 64 MB]'
        if not bad and asan and r.maxrss_kb > base_rss + 64 * 1024:
            bad = r.describe() + f' [resident {r.maxrss_kb} KB, empty trace {base_rss} KB]'
        t.ok(bad is None, f'{cmd[0]}: 1 KB input: {name}', bad)

import shutil
shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
