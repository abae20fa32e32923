#!/bin/sh
# The reports' JSON (goroutines --json, --blocked --json) escapes what a
# trace's strings may hold: quotes, backslashes, control characters, and
# passes UTF-8 through; a text trace with such a stop reason and such a
# function name, assembled, must give back exactly those strings.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" tests/fixtures/text/go122-goroutines-procs.test <<'PY'
import json, os, subprocess, sys, tempfile
gt, fixture = sys.argv[1:3]
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
from hostile_lib import gtview_tap
t = gtview_tap()
ok = t.ok
text = open(fixture, encoding="utf-8").read()
text = text[text.index("Trace Go1.22"):]
# Go's %q forms of the new strings, and what they stand for
reason_q, reason = r'pre\"em\\pt\ted\n\x01 \u00e9\x7f', 'pre"em\\pt\ted\n\x01 \u00e9\x7f'
func_q, func = r'main.(*w\"k\\er).\r\x1f', 'main.(*w"k\\er).\r\x1f'
grow = len(reason.encode()) - len("preempted") + len(func.encode()) - len("main.worker")
text = text.replace('data="preempted"', 'data="%s"' % reason_q)
text = text.replace('data="main.worker"', 'data="%s"' % func_q)
text = text.replace("time=100 size=196", "time=100 size=%d" % (196 + grow))
_scratch = tempfile.TemporaryDirectory()  # removed at exit
d = _scratch.name
src, out = os.path.join(d, "esc.test"), os.path.join(d, "esc.trace")
open(src, "w", encoding="utf-8").write(text)
p = subprocess.run([gt, "assemble", src, out], capture_output=True, text=True)
ok(p.returncode == 0 and subprocess.run([gt, "check", out]).returncode == 0,
   "the text trace assembles and is valid")
p = subprocess.run([gt, "goroutines", "--json", out], capture_output=True)
try:
    by_g = {r["g"]: r for r in map(json.loads, p.stdout.decode("utf-8").splitlines())}
except ValueError:
    by_g = {}
none = {"end_reason": None, "end_state": None, "start_func": None}
ok(p.returncode == 0 and set(by_g) == {1, 5, 6}, "goroutines --json: one valid JSON object per goroutine")
ok(by_g.get(1, none)["end_reason"] == reason and by_g.get(1, none)["end_state"] == "Runnable",
   "a stop reason with quote, backslash, tab, newline, control and UTF-8 characters comes back exact")
ok(by_g.get(5, none)["start_func"] == func and by_g.get(6, none)["start_func"] == func,
   "a function name with quote, backslash and control characters comes back exact")
ok(all("\n" not in l and "\t" not in l for l in p.stdout.decode("utf-8").splitlines()),
   "no raw control character inside a line")
t.done()
PY
