#!/bin/sh
# tui-profile.t: the profile view, headless (GTVIEW_SCRIPT, :save-screen as
# in tui-screen.t): the top-like table of a blocking profile, its callers
# and callees, the stacks through a function, the kinds; its figures are
# those of `gtview pprof` (one model query), read back through Go 1.19's
# pprof when it is installed.  Dumps are compared with
# tests/tui-golden/profile-*.screen (GT_UPDATE_GOLDEN=1 rewrites them).
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import os, re, shutil, subprocess, sys, tempfile
sys.path.insert(0, 'tests')
sys.dont_write_bytecode = True  # no __pycache__ in the tree
from hostile_lib import TAP
gt, corpus = sys.argv[1:3]
golden_dir = os.path.abspath('tests/tui-golden')
summ_py = os.path.join(os.path.dirname(corpus), 'tools', 'pprof_summary.py')
have_go = os.access('/usr/lib/go-1.19/bin/go', os.X_OK) and os.path.exists(summ_py)
tmp = tempfile.mkdtemp(prefix='gt-tuiprof.')
env = dict(os.environ, TERM='xterm-256color', TZ='UTC', LC_ALL='C.UTF-8', LANG='C.UTF-8',
           HOME=os.path.join(tmp, 'home'), XDG_CONFIG_HOME=os.path.join(tmp, 'xdg'),
           LINES='24', COLUMNS='90')
env.pop('NO_COLOR', None)
t = TAP()
ok = t.ok

def shot(trace, *keys):
    """The screen after keys (script lines), or '' when the viewer failed."""
    script, screen = os.path.join(tmp, 'k.keys'), os.path.join(tmp, 's.screen')
    with open(script, 'w') as f:
        f.write('\n'.join(keys + (':save-screen ' + screen,)) + '\n')
    p = subprocess.run([gt, trace], env=dict(env, GTVIEW_SCRIPT=script), capture_output=True, text=True)
    if p.returncode != 0 or p.stdout:
        print('# exit %d, stdout %r, stderr %s' % (p.returncode, p.stdout[:80], p.stderr[-300:]))
        return ''
    return open(screen).read()

def golden(name, screen):
    path = os.path.join(golden_dir, name + '.screen')
    if os.environ.get('GT_UPDATE_GOLDEN'):
        open(path, 'w').write(screen)
    want = open(path).read() if os.path.exists(path) else None
    if want != screen:
        print('# %s differs from the golden dump; got:' % name)
        print(''.join('#   ' + l + '\n' for l in screen.splitlines()))
    return want == screen

def rows(screen):
    return screen.splitlines()[3:-1]

demo = 'tests/fixtures/demo.trace'
top = shot(demo, '5')
ok('sync profile: ' in top and 'by function, sorted by flat' in top, 'p opens the sync profile by function')
ok(golden('profile-top', top), 'top table matches the golden dump')
flats = [l for l in rows(top) if re.match(r'^[ >] *[0-9.]+[mun]?s ', l)]
ok(flats and flats[0].startswith('>') and 'runtime.chanrecv1' in flats[0],
   'the function waiting most comes first, selected')

peek = shot(demo, '5', '<Enter>')
ok('callers and callees of runtime.chanrecv1' in peek and 'caller  runtime.(*wakeableSleep).sleep' in peek,
   'Enter: the callers and callees of the selected function')
ok(golden('profile-peek', peek), 'callers and callees match the golden dump')
back = shot(demo, '5', 'jj', '<Enter>', '<Escape>')
ok(back.splitlines()[5:6] and back.splitlines()[5].startswith('>'), 'Esc goes back to the table, same row')
# Enter on a caller goes to it: its callee is the function left
hop = shot(demo, '5', '<Enter>', 'k', '<Enter>')
ok('callers and callees of github.com/evanw/esbuild' in hop and 'callee  runtime.chanrecv1' in hop,
   'Enter on a caller shows its own callers and callees')

stacks = shot(demo, '5', 'jj', '<Tab>')
ok('stacks through runtime.gcMarkDone' in stacks and 'stack, innermost first' in stacks
   and re.search(r'^  runtime\.gcMarkDone(  |\n +)runtime/mgc\.go:\d+$', stacks, re.M),
   'Tab: the stacks through the function, the selected one\'s frames below')

# f cycles net, sync, syscall, sched, cpu
kinds = {}
for i, k in enumerate(['sync', 'syscall', 'sched', 'cpu', 'net']):
    s = shot(demo, '5', *(['f'] * i))
    kinds[k] = s
    ok(('%s profile' % k) in s, 'f %d times: the %s profile' % (i, k))
ok('no waits in this trace' in kinds['net'], 'an empty profile says so')

# the figures are gtview pprof's (the same model query)
for k in ['sync', 'syscall', 'sched', 'cpu']:
    m = re.search(r'%s profile: (\d+) \w+,' % k, kinds[k])
    if not have_go:
        ok(True, '%s: the view counts what gtview pprof writes # skip no Go 1.19' % k)
        continue
    out = os.path.join(tmp, 'p.pb.gz')
    with open(out, 'wb') as f:
        subprocess.run([gt, 'pprof', '--kind', k, demo], stdout=f)
    import json
    s = json.loads(subprocess.run([sys.executable, summ_py, out], capture_output=True, text=True).stdout)
    ok(m and int(m.group(1)) == s['count'], '%s: the view counts what gtview pprof writes' % k)

# a range marked on the timeline (m, motion, m) narrows the view to it:
# the same figures as gtview pprof --window with the range's window
marks = ('m', 'l', 'l', 'l', 'L', 'L', 'm')
rng = shot(demo, *marks)
w = re.search(r'--window (\d*:\d*)`', rng)
narrow = shot(demo, *(marks + ('5',)))
m = re.search(r'sync profile: (\d+) waits,.*; in [0-9.]+s-[0-9.]+s', narrow)
if not have_go:
    ok(bool(m) and bool(w), 'a marked range narrows the view # skip no Go 1.19 to read pprof')
else:
    out = os.path.join(tmp, 'w.pb.gz')
    with open(out, 'wb') as f:
        subprocess.run([gt, 'pprof', '--kind', 'sync', '--window', w.group(1), demo], stdout=f)
    s = json.loads(subprocess.run([sys.executable, summ_py, out], capture_output=True, text=True).stdout)
    whole = re.search(r'sync profile: (\d+) waits', top)
    ok(m and whole and int(m.group(1)) == s['count'] and int(m.group(1)) < int(whole.group(1)),
       'a marked range narrows the view: it counts what gtview pprof --window writes')

small = shot(demo, ':resize 60x16', '5', '<Tab>')
ok('stack, innermost first' in small, 'a small terminal still shows the stack pane')
shutil.rmtree(tmp)
t.done()
PY
