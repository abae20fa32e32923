#!/usr/bin/env python3
"""v2-fixtures.py: TAP tests of the v2 reader on the project's own small
traces (tests/fixtures/, no corpus needed):
- `gtview stats --json` equals the golden output in tests/v2-golden/;
- `gtview check` accepts each; `gtview dump` agrees with stats' count;
- every cut of a trace (the writer stopped early, at many byte offsets) is
  reported as truncated or invalid (exit 1, never a crash), and what is
  delivered is a prefix of the whole trace's event stream (bar the closing
  Sync), as Go's reader keeps every generation before the cut.
Env: GTVIEW."""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

gtview = os.environ["GTVIEW"]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
golden = os.path.join(root, "tests", "v2-golden")
sums = {}
for line in open(os.path.join(golden, "SHA256SUMS")):
    h, path = line.split()
    sums[path] = h

tests = []
n = 0


def report(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in detail.splitlines()[:15]:
            print("# " + line)


names = sorted(sums)
CUTS = 12
print("1..%d" % (len(names) * (3 + CUTS)))
_scratch = tempfile.TemporaryDirectory(prefix="gtview-fix-")  # removed at exit
tmp = _scratch.name
for path in names:
    full = os.path.join(root, path)
    name = os.path.basename(path)[:-len(".trace")]
    data = open(full, "rb").read()
    same = hashlib.sha256(data).hexdigest() == sums[path]
    r = subprocess.run([gtview, "stats", "--json", full], capture_output=True)
    want = open(os.path.join(golden, name + ".stats.json"), "rb").read()
    report(same and r.returncode == 0 and json.loads(r.stdout) == json.loads(want),
           "stats --json %s equals the golden output" % name,
           "" if same else "fixture changed: rerun tests/tools/v2-golden.sh")
    c = subprocess.run([gtview, "check", full], capture_output=True)
    report(c.returncode == 0 and c.stderr == b"", "check accepts %s" % name,
           c.stderr.decode(errors="replace"))
    d = subprocess.run([gtview, "dump", full], capture_output=True)
    lines = d.stdout.splitlines()
    # A Sync's time depends on which batches were read (and pushes later
    # times up, as Go's reader does): compare events without times.
    norm = [l.split(b" ", 1)[1] for l in lines]
    events = json.loads(want)["events"]
    report(d.returncode == 0 and len(lines) == events,
           "dump %s prints one line per event (%d)" % (name, events),
           "got %d lines, exit %d" % (len(lines), d.returncode))
    for k in range(CUTS):
        cut = 16 + (len(data) - 16) * (k + 1) // (CUTS + 1) + k  # spread, odd places
        part = os.path.join(tmp, "%s-cut%d.trace" % (name, cut))
        open(part, "wb").write(data[:cut])
        p = subprocess.run([gtview, "dump", part], capture_output=True)
        c = subprocess.run([gtview, "check", part], capture_output=True)
        got = [l.split(b" ", 1)[1] for l in p.stdout.splitlines()]
        # Every generation before the cut must come out as in the whole
        # trace: up to the last Sync.  (After it, Go's reader delivers what
        # it can order of the cut generation, which may differ.)
        last = max([i for i, l in enumerate(got) if l.startswith(b"Sync ")] or [0])
        prefix = got[:last]
        ok = (p.returncode == 1 and c.returncode == 1 and b"truncated" in c.stderr and
              norm[:len(prefix)] == prefix)
        report(ok, "%s cut at byte %d: truncated, the %d events of whole generations as in the whole trace"
               % (name, cut, len(prefix)),
               "exit %d, %d lines\n%s" % (p.returncode, len(got),
                                          c.stderr.decode(errors="replace")))
