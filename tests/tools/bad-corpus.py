#!/usr/bin/env python3
"""bad-corpus.py: TAP test over the corpus' bad/*/* inputs (Go fuzz corpus
files, decoded with fuzz/golit.py): `gtview check` accepts (exit 0) or
rejects (exit 1) each as expected/bad.json says, and never crashes, dies
of a signal or hangs (exit status above 1 fails).  Env: GTVIEW, GT_CORPUS."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
gtview = os.environ["GTVIEW"]
corpus = os.environ["GT_CORPUS"]
decode = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fuzz", "golit.py")

want = json.load(open(os.path.join(corpus, "expected", "bad.json")))
names = sorted(want)
print("1..%d" % len(names))
_scratch = tempfile.TemporaryDirectory(prefix="gtview-bad-")  # removed at exit
tmp = _scratch.name
for i, name in enumerate(names, 1):
    out = os.path.join(tmp, os.path.basename(name))
    subprocess.check_call([sys.executable, decode, os.path.join(corpus, name), out])
    try:
        r = subprocess.run([gtview, "check", out], capture_output=True, timeout=60)
        rc = r.returncode
        err = r.stderr.decode(errors="replace").strip()
    except subprocess.TimeoutExpired:
        rc, err = "timeout", "hung for 60 s"
    accepted = want[name]["accepted"]
    ok = rc in (0, 1) and (rc == 0) == accepted
    print("%s %d - %s %s" % ("ok" if ok else "not ok", i,
                             "accepted" if accepted else "rejected", name))
    if not ok:
        print("# exit %s, Go says accepted=%s error=%r" % (rc, accepted, want[name]["error"]))
        for line in err.splitlines()[-5:]:
            print("# " + line)
