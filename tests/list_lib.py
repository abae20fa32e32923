"""list_lib.py: what the goroutine list's tests (tui-goroutine-*.t) share:
the viewer run headless on a trace with a script of keys, and the traces
they run on (fixtures, and a corpus trace with 138 k goroutines when
../shared/corpus is there)."""
import atexit
import os
import shutil
import subprocess
import tempfile

from hostile_lib import gtview_tap

GTVIEW = os.environ.get('GTVIEW', '')
BIG = os.path.join(os.environ.get('GT_CORPUS', '../shared/corpus'), 'v2', 'esbuild_watch_go126.trace')


def list_setup(fixtures, lines=50, columns=200):
    """(TAP, a temporary directory removed at exit, the traces); the
    environment pinned for headless runs of LINES x COLUMNS."""
    t = gtview_tap()
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, True)
    os.environ.update(TERM='xterm-256color', LC_ALL='C.UTF-8', LINES=str(lines),
                      COLUMNS=str(columns), HOME=tmp, XDG_CONFIG_HOME=tmp)
    traces = ['tests/fixtures/' + f for f in fixtures]
    if os.path.exists(BIG):
        traces.append(BIG)
    return t, tmp, traces


def run_keys(tmp, trace, keys, **env):
    """Runs the viewer on trace with the script keys (lines); None, or
    why it failed."""
    path = os.path.join(tmp, 'script')
    with open(path, 'w') as f:
        f.write('\n'.join(keys) + '\n')
    r = subprocess.run([GTVIEW, trace], env=dict(os.environ, GTVIEW_SCRIPT=path, **env),
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return None if r.returncode == 0 else 'exit %d: %s' % (r.returncode, r.stderr.decode()[:200])


def json_lines(*args):
    """`gtview ARGS...`'s JSON Lines."""
    import json
    p = subprocess.run([GTVIEW] + list(args), capture_output=True)
    return [json.loads(l) for l in p.stdout.decode().splitlines()]
