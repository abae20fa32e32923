"""hostile_lib.py: shared helpers of the tests/hostile-*.t and
tests/fixtures-*.t tests (python3, run through `make test`).

Every run of gtview here is bounded (a timeout: a hang is a failure) and
classified: it must end with one of the exit statuses the test allows and
never by a signal, a sanitizer report (the same tests run on the ASan
build under `make asan`: $GTVIEW points at it) or a leak report.
"""
import glob
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading

GTVIEW = os.environ.get('GTVIEW', '')
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, 'tests', 'fixtures')
REGRESS = os.path.join(ROOT, 'tests', 'fuzz-regress')

# Sanitizer reports get exit codes of their own, so a report is never
# mistaken for "exit 1: bad trace".
SAN_ENV = {
    'ASAN_OPTIONS': 'exitcode=86:detect_leaks=1:allocator_may_return_null=1',
    'UBSAN_OPTIONS': 'exitcode=87:print_stacktrace=1:halt_on_error=1',
    'LSAN_OPTIONS': 'exitcode=88',
}
SAN_MARKS = ('AddressSanitizer', 'LeakSanitizer', 'UndefinedBehaviorSanitizer',
             'runtime error:')


class TAP:
    """TAP with the plan printed at the end (prove accepts it there)."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, name, diag=None):
        self.n += 1
        if cond:
            print(f'ok {self.n} - {name}')
        else:
            self.failed += 1
            print(f'not ok {self.n} - {name}')
            for line in str(diag or '').splitlines()[:40]:
                print(f'#   {line}')
        sys.stdout.flush()
        return cond

    def skip_all(self, why):
        print(f'1..0 # SKIP {why}')
        sys.exit(0)

    def done(self):
        print(f'1..{self.n}')
        sys.exit(1 if self.failed else 0)


def gtview_tap():
    """The TAP of a test that runs $GTVIEW; skips it all when unset."""
    t = TAP()
    if not GTVIEW or not os.access(GTVIEW, os.X_OK):
        t.skip_all('GTVIEW not set: run through make test')
    return t


def is_asan(path=None):
    """Whether the binary was built with AddressSanitizer."""
    try:
        with open(path or GTVIEW, 'rb') as f:
            return b'__asan_init' in f.read()
    except OSError:
        return False


class Result:
    def __init__(self, args, status, sig, timed_out, out, err, maxrss_kb, secs):
        self.args, self.status, self.signal = args, status, sig
        self.timed_out, self.out, self.err = timed_out, out, err
        self.maxrss_kb, self.secs = maxrss_kb, secs

    def text(self):
        return self.err.decode('utf-8', 'replace')

    def describe(self):
        if self.timed_out:
            how = f'no end within {self.secs} s (hang)'
        elif self.signal:
            how = f'killed by signal {self.signal} ({signal.Signals(self.signal).name})'
        else:
            how = f'exit {self.status}'
        err = self.text().strip().splitlines()
        return f'gtview {" ".join(self.args)}: {how}; stderr: {err[:6]}'

    def problem(self, allowed=(0, 1)):
        """None when the run ended as allowed, else what was wrong."""
        if self.timed_out or self.signal or self.status not in allowed:
            return self.describe()
        t = self.text()
        if any(m in t for m in SAN_MARKS):
            return self.describe() + ' [sanitizer report]'
        return None


def run(args, stdin=None, stdin_file=None, timeout=20, limit_as=None, env=None, pipe=False):
    """Runs GTVIEW args (list) with a timeout; stdin is bytes or None
    (no stdin: /dev/null), given through a regular file, or through a pipe
    when pipe is true (as `cat trace | gtview stats -`); stdin_file an open
    file.  limit_as: RLIMIT_AS
    in bytes (not for ASan builds)."""
    e = dict(os.environ)
    e.update(SAN_ENV)
    e.update(env or {})

    def pre():
        os.setsid()
        if limit_as:
            resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        if stdin_file is not None:
            sin = stdin_file
        elif stdin is not None and pipe:
            sin = subprocess.PIPE
        elif stdin is not None:
            sin = tempfile.TemporaryFile()
            sin.write(stdin)
            sin.seek(0)
        else:
            sin = subprocess.DEVNULL
        p = subprocess.Popen([GTVIEW] + list(args), stdin=sin, stdout=out, stderr=err,
                             env=e, preexec_fn=pre)
        if sin is subprocess.PIPE:
            def feed():
                try:
                    p.stdin.write(stdin)
                    p.stdin.close()
                except (BrokenPipeError, OSError):
                    pass
            threading.Thread(target=feed, daemon=True).start()
        # A timer kills the process group at the deadline; wait4 blocks
        # until the end either way (no polling: runs stay fast).
        fired = threading.Event()

        def kill():
            fired.set()
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, st, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        timed_out = fired.is_set()
        p.returncode = 0  # reaped by wait4
        if stdin is not None and stdin_file is None and not pipe:
            sin.close()
        out.seek(0)
        err.seek(0)
        status = os.WEXITSTATUS(st) if os.WIFEXITED(st) else None
        sig = os.WTERMSIG(st) if os.WIFSIGNALED(st) and not timed_out else None
        return Result(list(args), status, sig, timed_out, out.read(), err.read(),
                      ru.ru_maxrss, timeout)


def cut_and_flipped(data, cuts, flips, rnd):
    """(label, bytes) copies of data: cut at each offset of cuts, and with
    one bit (chosen by rnd) flipped at each offset of flips."""
    out = [(f'cut at {c}', data[:c]) for c in cuts]
    for off in flips:
        b = bytearray(data)
        b[off] ^= 1 << rnd.randrange(8)
        out.append((f'bit flipped at {off}', bytes(b)))
    return out


# The viewer, headless (GTVIEW_SCRIPT), driven to the ends of the trace and
# to its narrowest and widest windows in every view: a hostile trace's
# times may lie anywhere in int64 (its time axis once looped forever there).
VIEW_KEYS = ['G'] + ['+'] * 40 + ['L', 'L', 'l', 'l', 'H', 'h', '0', 'g'] + ['-'] * 8 + \
    ['L', 'H', '<Enter>', '<Escape>', '2', '<Enter>', '<Escape>', 'G', '3', '<Enter>',
     '<Escape>', '1', 'G', '+', '+', '+', 'l', 'q']


def view_env(tmp):
    """The environment for run([trace]) to walk VIEW_KEYS headless; files in tmp."""
    keys = os.path.join(tmp, 'view.keys')
    with open(keys, 'w') as f:
        f.write('\n'.join(VIEW_KEYS) + '\n')
    return {'GTVIEW_SCRIPT': keys, 'LINES': '30', 'COLUMNS': '100', 'TERM': 'xterm-256color',
            'HOME': tmp, 'XDG_CONFIG_HOME': tmp}


def trace_fixtures():
    """The committed real traces: tests/fixtures/*.trace and those other
    helpers add in subfolders (v1/ …)."""
    return sorted(glob.glob(os.path.join(FIXTURES, '*.trace')) +
                  glob.glob(os.path.join(FIXTURES, '*', '*.trace')))


def header(version):
    h = f'go 1.{version} trace'.encode()
    return h + b'\0' * (16 - len(h))


def uvarint(n):
    out = bytearray()
    while True:
        b = n & 0x7f
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


# The libFuzzer harnesses (fuzz/fuzz_v2.c, fuzz_v1.c) take a selector byte
# then the body after the header: the same choice of headers here.
V2_SELECT = (22, 23, 25, 26)
V1_SELECT = (5, 7, 8, 9, 10, 11, 19, 21)


def from_harness(kind, data):
    """A fuzz input of harness kind ('v2', 'v1') as the trace file it stands for."""
    if not data:
        return b''
    table = V2_SELECT if kind == 'v2' else V1_SELECT
    return header(table[data[0] % len(table)]) + data[1:]
