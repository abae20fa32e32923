"""report_lib.py: TAP helpers of the report tests (tests/cmd-*.t, python3
through `make test`): numbered ok/skip lines and runs of $GTVIEW; and the
viewer's durations, for tests that compare its screens with the JSON."""
import json
import os
import subprocess
import sys

GTVIEW = sys.argv[1] if len(sys.argv) > 1 else ""
_n = 0


def ok(cond, what):
    global _n
    _n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (_n, what))
    return cond


def skip(why):
    global _n
    _n += 1
    print("ok %d # skip %s" % (_n, why))


def run(*args):
    """gtview ARGS: (exit status, stdout, stderr)."""
    p = subprocess.run([GTVIEW] + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def jl(out):
    """JSON Lines into a list."""
    return [json.loads(l) for l in out.splitlines()]


def corpus_traces(corpus, local, names):
    """The local traces, then the corpus's (names under corpus) when it is
    there: (traces, whether it is)."""
    have = os.path.isdir(corpus)
    return local + ([os.path.join(corpus, t) for t in names] if have else []), have


def fmt_dur(ns):
    """The viewer's text for a duration of ns (tui/util.c: tui_fmt_dur)."""
    v = abs(ns)
    s = "-" if ns < 0 else ""
    if v >= 99950000000:
        return "%s%.0fs" % (s, v / 1e9)
    if v >= 999500000:
        return "%s%.3gs" % (s, v / 1e9)
    if v >= 999500:
        return "%s%.3gms" % (s, v / 1e6)
    if v >= 1000:
        return "%s%.3gus" % (s, v / 1e3)
    return "%s%dns" % (s, v)
