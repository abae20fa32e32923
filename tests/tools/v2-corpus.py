#!/usr/bin/env python3
"""v2-corpus.py: TAP test of gtview against the corpus oracle for every v2
trace (v2/*.trace and the truncated/*.trace whose header is go 1.22+):
`gtview stats --json` must equal expected/oracle/NAME.json in every field
and exit 0 (valid) or 1 (invalid/truncated, as the oracle's "ok" says);
`gtview dump` must equal expected/dump/NAME.txt where there is one.  The
dumps of text/*.test traces are checked too when `gtview assemble` works.
Env: GTVIEW, GT_CORPUS."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

gtview = os.environ["GTVIEW"]
corpus = os.environ["GT_CORPUS"]
here = os.path.dirname(os.path.abspath(__file__))


def version(path):
    with open(path, "rb") as f:
        m = re.match(rb"go 1\.(\d+) trace", f.read(16))
    return int(m.group(1)) if m else 0


traces = [p for p in sorted(glob.glob(corpus + "/v2/*.trace") +
                            glob.glob(corpus + "/truncated/*.trace"))
          if version(p) >= 22]
plan = []
for p in traces:
    name = os.path.basename(p)[:-len(".trace")]
    plan.append(("stats", name, p))
    if os.path.exists("%s/expected/dump/%s.txt" % (corpus, name)):
        plan.append(("dump", name, p))
for d in sorted(glob.glob(corpus + "/expected/dump/go12*.txt")):
    name = os.path.basename(d)[:-len(".txt")]
    t = "%s/text/%s.test" % (corpus, name)
    if os.path.exists(t):
        plan.append(("textdump", name, t))

print("1..%d" % len(plan))
_scratch = tempfile.TemporaryDirectory(prefix="gtview-v2-")  # removed at exit
tmp = _scratch.name
n = 0


def diff_note(want, got):
    w, g = want.splitlines(), got.splitlines()
    for i, (a, b) in enumerate(zip(w, g)):
        if a != b:
            return "line %d:\nwant %s\ngot  %s\n" % (i + 1, a.decode(errors="replace"),
                                                   b.decode(errors="replace"))
    if len(w) != len(g):
        return "want %d lines, got %d\n" % (len(w), len(g))
    return ""


def report(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    for line in ([] if ok else detail.splitlines()[:20]):
        print("# " + line)


for kind, name, path in plan:
    if kind == "stats":
        oracle = "%s/expected/oracle/%s.json" % (corpus, name)
        want_ok = json.load(open(oracle))["ok"]
        r = subprocess.run([gtview, "stats", "--json", path], capture_output=True)
        out = os.path.join(tmp, name + ".json")
        open(out, "wb").write(r.stdout)
        c = subprocess.run([sys.executable, os.path.join(here, "cmp-oracle.py"), oracle, out],
                           capture_output=True, text=True)
        rc_ok = r.returncode == (0 if want_ok else 1)
        report(c.returncode == 0 and rc_ok, "stats --json %s matches the oracle" % name,
               c.stdout + ("" if rc_ok else "exit status %d\n" % r.returncode) +
               r.stderr.decode(errors="replace"))
    elif kind == "dump":
        want = open("%s/expected/dump/%s.txt" % (corpus, name), "rb").read()
        r = subprocess.run([gtview, "dump", path], capture_output=True)
        report(r.stdout == want and r.returncode == 0, "dump %s matches" % name,
               diff_note(want, r.stdout) + r.stderr.decode(errors="replace"))
    else:
        bin_path = os.path.join(tmp, name + ".trace")
        a = subprocess.run([gtview, "assemble", path, bin_path], capture_output=True)
        if a.returncode != 0:
            n += 1
            print("ok %d - dump %s # SKIP gtview assemble failed" % (n, name))
            continue
        want = open("%s/expected/dump/%s.txt" % (corpus, name), "rb").read()
        r = subprocess.run([gtview, "dump", bin_path], capture_output=True)
        report(r.stdout == want and r.returncode == 0, "dump of text trace %s matches" % name,
               diff_note(want, r.stdout) + r.stderr.decode(errors="replace"))
