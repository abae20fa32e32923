#!/bin/sh
# No string from a trace reaches a terminal raw, in any command (issue 35).
# Hostile variants of the fixtures and of some corpus traces, old and new
# format (tests/hostile_strings.py: every string, or every other one,
# swapped in place for terminal control sequences of the same length),
# are run through every command gtview has, text and JSON, with each of
# its flags; stdout and stderr must hold no control character but newline
# and tab: no C0, DEL, C1 (raw byte or UTF-8) and no byte that is not
# UTF-8.  JSON output must parse.  The commands come from `gtview --help`
# (checked against cmd/usage.c's table, so a new command cannot be left
# out), their flags from `gtview CMD --help`; ARGS below gives the value
# of each placeholder of a usage line.  Every flag runs on every hostile
# trace; under ASan a cover of the two (runs_of).
exec python3 - "$0" <<'PY'
import glob, gzip, json, os, re, subprocess, sys, tempfile
sys.dont_write_bytecode = True  # no __pycache__ in the tree
here = os.path.dirname(os.path.abspath(sys.argv[1]))
sys.path.insert(0, here)
from hostile_lib import gtview_tap, is_asan, run, trace_fixtures, FIXTURES, ROOT, GTVIEW
from hostile_strings import hostile, INJECTED

t = gtview_tap()
tmp = tempfile.TemporaryDirectory(prefix='gt-escape-')
d = tmp.name
corpus = os.environ.get('GT_CORPUS') or os.path.join(ROOT, '..', 'shared', 'corpus')

# ---- the traces: fixtures, text fixtures assembled, a few corpus ones ----
# (two of the four esbuild fixtures: the other two read the same way)
sources = [p for p in trace_fixtures() if (os.path.getsize(p) > 1000 or 'synth_1_11' in p)
           and not re.search(r'esbuild_go12[35]', p)]
for txt in ('go125-annotations.test', 'go122-goroutines-procs.test', 'go123-syscalls.test'):
    out = os.path.join(d, txt + '.trace')
    if subprocess.run([GTVIEW, 'assemble', os.path.join(FIXTURES, 'text', txt), out],
                      capture_output=True).returncode == 0:
        sources.append(out)
for rel in ('v1/user_task_region_1_19_good.trace', 'v1/user_task_region_1_11_good.trace',
            'v1/http_1_19_good.trace',
            'v2/esbuild_small_go126.trace'):
    p = os.path.join(corpus, rel)
    if os.path.exists(p):
        sources.append(p)

variants = []  # (label, path)
per_format = {'old': 0, 'new': 0}
for src in sources:
    data = open(src, 'rb').read()
    fmt = 'new' if int(re.match(rb'go 1\.(\d+)', data).group(1)) >= 22 else 'old'
    for which in ('all', 'alternate'):
        if which == 'alternate' and (len(data) > 10000 or is_asan()):
            continue  # the big ones once; under ASan, each once
        h, n = hostile(data, which)
        if not n:
            continue
        per_format[fmt] += 1
        name = f'{os.path.basename(src)}-{which}'
        p = os.path.join(d, name)
        open(p, 'wb').write(h)
        variants.append((name, p))
t.ok(per_format['old'] >= 4 and per_format['new'] >= 4,
     f'the generator swapped strings in old ({per_format["old"]}) and new '
     f'({per_format["new"]}) format traces')

# ---- the commands and their invocations --------------------------------
helptext = subprocess.run([GTVIEW, '--help'], capture_output=True, text=True).stdout
commands = []
m = re.search(r'\ncommands[^\n]*:\n', helptext)
block = helptext[m.end():] if m else ''
for line in block.splitlines():
    m = re.match(r'  ([a-z][a-z0-9-]*)\b', line)
    if m and m.group(1) not in commands:
        commands.append(m.group(1))
usage_c = open(os.path.join(ROOT, 'cmd', 'usage.c')).read()
dispatched = re.findall(r'\{"([a-z][a-z0-9-]*)", *cmd_', usage_c)
t.ok(dispatched and sorted(commands) == sorted(dispatched),
     'gtview --help lists every command of cmd/usage.c (this test runs those)',
     f'--help: {sorted(commands)}\ncmd/usage.c: {sorted(dispatched)}')

# The value of each placeholder of a usage line; None: that usage form
# is not run (assemble TEXT OUT reads the text form, tests/hostile-text.t's).
ARGS = {'TRACE': '{trace}', 'OUT': '-', 'ID[,ID...]': '{ids}', 'FROM:TO': '0:',
        'TEXT': None, 'N': '3'}
# search's TEXT: an escape byte, which every swapped string holds, so that
# the matches printed are the hostile strings themselves
ARGS_OF = {'search': {'TEXT': '\x1b'}}
OTHER = 'main'  # any other placeholder (a PATTERN, a NAME): a word traces hold


def forms(cmd):
    """Argument lists for cmd, from its usage lines: each optional flag
    alone, each choice of a [--a | --b] group, each value of --kind
    a|b|c, with and without --json."""
    r = subprocess.run([GTVIEW, cmd, '--help'], capture_output=True, text=True)
    usages = [m.group(1) for m in re.finditer(r'gtview ' + re.escape(cmd) + r' (.*)', r.stdout)]
    args_of = dict(ARGS, **ARGS_OF.get(cmd, {}))
    out = []
    for u in usages:
        toks = re.findall(r'\[[^\]]*\]|\S+', u)
        fixed, opts = [], []
        skip = False
        for tok in toks:
            if tok.startswith('['):
                opts.append(tok[1:-1])
            elif tok in args_of:
                if args_of[tok] is None:
                    skip = True
                fixed.append(args_of[tok])
            elif re.match(r'^[A-Z]', tok):
                fixed.append(OTHER)
            elif '|' in tok:                                 # --kind a|b|c, not optional
                vals = tok.split('|')
                fixed.append(sorted({vals[0], vals[-1]}))
            else:
                fixed.append(tok)
        if skip:
            continue
        fixeds = [[]]                                        # each choice of the a|b|c
        for f in fixed:
            fixeds = [v + [a] for v in fixeds for a in (f if isinstance(f, list) else [f])]
        choices = [[]]
        for o in opts:
            for alt in o.split(' | '):
                parts = alt.split()
                if len(parts) == 2 and '|' in parts[1]:      # --kind a|b|c: two of them
                    vals = parts[1].split('|')
                    choices += [[parts[0], v] for v in sorted({vals[0], vals[-1]})]
                elif len(parts) == 2:                        # --window FROM:TO
                    choices.append([parts[0], args_of.get(parts[1]) or OTHER])
                else:
                    choices.append(parts)
        json_ok = any(o == '--json' for o in opts)
        for c in choices:
            for fixed in fixeds:
                for f in ([c + fixed, ['--json'] + c + fixed] if json_ok else [c + fixed]):
                    if f not in out and f.count('--json') < 2:
                        out.append(f)
    return out


invocations = {c: forms(c) for c in commands}
t.ok(all(invocations[c] for c in commands if c != 'assemble') and 'assemble' in invocations,
     f'every command has usage lines to run: {", ".join(commands)}',
     '\n'.join(f'{c}: {invocations[c]}' for c in commands))

# ---- what the output may hold --------------------------------------------
BAD = re.compile(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]')


def bad_bytes(b):
    """What in b could act on a terminal: a control byte, a C1 character,
    a byte that is not UTF-8; None when clean."""
    m = BAD.search(b)
    if m:
        return f'{m.group(0)!r} at {m.start()}: {b[max(0, m.start() - 30):m.start() + 30]!r}'
    try:
        b.decode('utf-8')
    except UnicodeDecodeError as e:
        return f'not UTF-8 at {e.start}: {b[max(0, e.start - 30):e.start + 30]!r}'
    return None


ids_cache = {}


def ids_of(path):
    if path in ids_cache:
        return ids_cache[path]
    r = run(['goroutines', '--json', path])
    ids = []
    for line in r.out.decode('utf-8', 'replace').splitlines():
        try:
            ids.append(json.loads(line)['g'])
        except (ValueError, KeyError):
            pass
    ids_cache[path] = ','.join(str(i) for i in ids[:3]) or '1'
    return ids_cache[path]


def runs_of(forms):
    """(variant, form) pairs to run: every form on every hostile trace;
    under ASan, where a process costs some 0.4 s of CPU before any work, a
    cover instead (each form on some trace, each trace through some form,
    in turn), which still sends every output path and every hostile
    string through the sanitizer."""
    if not is_asan():
        return [(v, f) for v in variants for f in forms]
    n = max(len(variants), len(forms))
    return [(variants[i % len(variants)], forms[i % len(forms)]) for i in range(n)]


seen_escape = {'\\x1b': 0, '\\u009b': 0}
for cmd in commands:
    fails, runs = [], 0
    for (name, path), form in runs_of(invocations[cmd]):
        ids = ids_of(path) if '{ids}' in ''.join(form) else ''
        args = [cmd] + [a.format(trace=path, ids=ids) for a in form]
        r = run(args, timeout=60)
        runs += 1
        what = r.problem((0, 1))
        out = r.out
        if not what and out[:2] == b'\x1f\x8b':  # a gzipped profile: binary by design
            try:
                gzip.decompress(out)
                out = b''
            except OSError as e:
                what = f'stdout is not gzip: {e}'
        for stream, b in (('stdout', out), ('stderr', r.err)):
            bad = not what and bad_bytes(b)
            if bad:
                what = f'{stream}: {bad}'
        if not what and '--json' in args and r.status == 0:
            try:
                text = out.decode('utf-8')
                if text.lstrip().startswith('{') and '\n{' in text.strip():
                    for line in text.splitlines():
                        json.loads(line)
                elif text.strip():
                    json.loads(text)
            except ValueError as e:
                what = f'stdout is not JSON: {e}'
        for k in seen_escape:
            seen_escape[k] += out.count(k.encode())
        if what:
            fails.append(f'{name}: gtview {" ".join(args[:-1] if args[-1] == path else args)}: {what}')
    t.ok(not fails, f'{cmd}: {runs} runs over {len(variants)} hostile traces: no control '
         f'character in stdout or stderr but newline and tab',
         '\n'.join(fails[:10]) + (f'\n... {len(fails)} failures' if len(fails) > 10 else ''))

t.ok(all(seen_escape.values()), f'the strings come out escaped, not dropped: {seen_escape}')

# dump --raw of a v2 trace is the text form: Go's quoting, still readable
one = next(p for n, p in variants if 'esbuild_go126' in n)
r = run(['dump', one])
t.ok(r.status == 0 and b'\\x1b]0;gtview-pwned' in r.out and b'\\u009b2J' in r.out,
     'dump shows the injected sequences as visible escapes (\\x1b, \\u009b)',
     r.describe())
t.done()
PY
