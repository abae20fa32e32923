#!/bin/sh
# Bad files and arguments: each run ends, within a time limit, with the
# exit status of the contract (cmd/commands.h: 1 invalid, truncated or
# unsupported trace; 2 usage or I/O error) and a message; never a crash.
exec python3 - "$0" <<'PY'
import os, sys, tempfile, threading, json
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from hostile_lib import *

t = gtview_tap()
tmp = tempfile.mkdtemp(prefix='gt-hostile-')
asan = is_asan()


def write(name, data):
    p = os.path.join(tmp, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p


def expect(args, allowed, name, must=(), **kw):
    """Run and check exit status in allowed, a message on stderr that
    contains every string of must (case-insensitive)."""
    r = run(args, **kw)
    bad = r.problem(allowed)
    err = r.text().lower()
    if not bad and allowed != (0,) and r.status != 0 and not err.strip():
        bad = r.describe() + ' [no message]'
    for m in must:
        if not bad and m.lower() not in err:
            bad = r.describe() + f' [message lacks {m!r}]'
    t.ok(bad is None, name, bad)
    return r


for cmd in (['check'], ['stats', '--json']):
    c = ' '.join(cmd)
    expect(cmd + [os.path.join(tmp, 'no-such-file')], (2,), f'{c}: missing file', ['no-such-file'])
    expect(cmd + [tmp], (2,), f'{c}: a directory', ['director'])
    expect(cmd + ['/proc/self/mem'], (1, 2), f'{c}: /proc/self/mem (unreadable)')
    if os.geteuid() != 0:  # root reads a mode-000 file all the same
        p = write(f'noperm-{cmd[0]}', header(22))
        os.chmod(p, 0)
        expect(cmd + [p], (2,), f'{c}: a file without read permission', ['permission'])
    else:
        t.ok(True, f'{c}: a file without read permission # SKIP running as root')
    expect(cmd + [write('empty', b'')], (1, 2), f'{c}: empty file', ['empty'])
    expect(cmd + [write('text', b'hello, world\n' * 100)], (1,), f'{c}: not a trace')
    expect(cmd + [write('short', b'go 1.')], (1,), f'{c}: 5 bytes of a header')
    expect(cmd + [write('hdr-noname', b'go 1.22 trace')], (1,), f'{c}: header without its padding')
    expect(cmd + [write('future', header(99) + b'\x01' * 64)], (1,),
           f'{c}: go 1.99 trace (from the future)', ['unsupported'])
    expect(cmd + [write('ancient', header(4) + b'\x01' * 64)], (1,),
           f'{c}: go 1.4 trace (before traces had this format)', ['unsupported'])
    for v in V1_SELECT + V2_SELECT:
        expect(cmd + [write(f'only-header-{v}', header(v))], (0, 1), f'{c}: go 1.{v} header alone')
    expect(cmd + [write('v2-zeros', header(23) + b'\0' * 4096)], (1,),
           f'{c}: v2 header then zeros', ['offset'])
    expect(cmd + [write('v1-ff', header(11) + b'\xff' * 4096)], (1,),
           f'{c}: v1 header then 0xff bytes', ['offset'])
    expect(cmd + ['-'], (1, 2), f'{c}: empty stdin', stdin=b'')

# Usage errors.
expect(['check'], (2,), 'check without a file')
expect(['stats'], (2,), 'stats without a file')
expect(['check', '--no-such-option', write('x', b'x')], (2,), 'check with an unknown option')
expect(['stats', '--no-such-option', write('x', b'x')], (2,), 'stats with an unknown option')

# stdin and pipes give what the file gives.
fx = os.path.join(FIXTURES, 'esbuild_go126.trace')
if os.path.exists(fx):
    data = open(fx, 'rb').read()
    f_check = run(['check', fx])
    s_check = expect(['check', '-'], (f_check.status,) if f_check.status in (0, 1) else (0, 1),
                     'check - < trace: same status as the file', stdin=data)
    f_stats = run(['stats', '--json', fx])
    s_stats = expect(['stats', '--json', '-'], (f_stats.status,) if f_stats.status in (0, 1) else (0, 1),
                     'stats --json - (a pipe): same status as the file', stdin=data, pipe=True)

    def figures(out):
        try:
            j = json.loads(out)
        except ValueError:
            return None
        if isinstance(j, dict):  # the file's name differs: drop string values naming it
            j = {k: v for k, v in j.items() if not (isinstance(v, str) and (fx in v or 'stdin' in v))}
        return j
    t.ok(f_stats.status == 0 and figures(f_stats.out) is not None and figures(f_stats.out) == figures(s_stats.out),
         'stats --json: the same figures from stdin as from the file',
         f'file: {f_stats.describe()} {f_stats.out[:300]!r}\nstdin: {s_stats.out[:300]!r}')

    # A FIFO with a writer (a non-regular file that is read, not mapped).
    fifo = os.path.join(tmp, 'fifo')
    os.mkfifo(fifo)

    def feed():
        with open(fifo, 'wb') as w:
            w.write(data)
    th = threading.Thread(target=feed, daemon=True)
    th.start()
    expect(['check', fifo], (f_check.status,) if f_check.status in (0, 1) else (0, 1),
           'check FIFO: same status as the file')
    th.join(5)

# A huge sparse file (20 GB of holes): refused quickly, never read whole.
def sparse(name, head):
    p = os.path.join(tmp, name)
    with open(p, 'wb') as f:
        f.write(head)
    os.truncate(p, 20 << 30)
    return p

BIG_RSS_KB = 1 << 20  # 1 GB: far below 20 GB
for name, head, must in (('sparse-zeros', b'', []),
                         ('sparse-v2', header(22), ['offset']),
                         ('sparse-v1', header(19), ['offset']),
                         ('sparse-after-trace', open(fx, 'rb').read() if os.path.exists(fx) else header(26), ['offset'])):
    p = sparse(name, head)
    for cmd in (['check'], ['stats', '--json']):
        r = expect(cmd + [p], (1,), f'{" ".join(cmd)}: 20 GB sparse file ({name})', must, timeout=60)
        t.ok(r.maxrss_kb < BIG_RSS_KB, f'{" ".join(cmd)}: 20 GB sparse file ({name}): resident size bounded',
             f'max RSS {r.maxrss_kb} KB')
    os.unlink(p)

# The same 20 GB through stdin: gtview may refuse it as too big or run out
# of memory, but must say so and end (address space capped at 2 GB so a
# read-it-all stdin fails fast; not under ASan, which needs terabytes of
# address space for its shadow and cannot be capped).
if not asan:
    p = sparse('sparse-stdin', header(22))
    with open(p, 'rb') as f:
        expect(['check', '-'], (1, 2), 'check - < 20 GB sparse file: ends with a message',
               stdin_file=f, timeout=120, limit_as=2 << 30)
    os.unlink(p)
else:
    t.ok(True, 'check - < 20 GB sparse file # SKIP ASan build: address space cannot be capped')

import shutil
shutil.rmtree(tmp, ignore_errors=True)
t.done()
PY
