#!/bin/sh
# `gtview stats` (text) reads its per-goroutine figures (goroutines, the
# states at the end, the blocked list) from the model it loads, while
# `stats --json` tallies them event by event: two ways that must agree on
# every trace, whole, cut or corrupted, on one thread or two.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import glob, json, os, random, re, subprocess, sys, tempfile
gt, corpus = sys.argv[1:3]
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
from hostile_lib import gtview_tap
t = gtview_tap()
ok = t.ok

def from_json(tr):
    p = subprocess.run([gt, "stats", "--json", tr], capture_output=True, text=True)
    try:
        js = json.loads(p.stdout)
    except ValueError:
        return None
    states = {k: str(v) for k, v in js["final_goroutine_states"].items()}
    blocked = ["  g%-8d %-28s %s" % (b["g"], b["reason"] or "(no reason)", b["top_frame"])
               for b in js["blocked_at_end"]]
    return str(js["goroutines"]), states, blocked

def from_text(tr, threads):
    p = subprocess.run([gt, "stats", tr], capture_output=True, text=True,
                       env=dict(os.environ, GTVIEW_LOAD_THREADS=threads))
    m = re.search(r"^goroutines:\s+(\d+)$", p.stdout, re.M)
    lines = p.stdout.split("\n")
    def section(head):
        if head not in lines:
            return []
        out = []
        for l in lines[lines.index(head) + 1:]:
            if not l.startswith("  "):
                break
            out.append(l)
        return out
    states = dict(l.split() for l in section("goroutines at end:"))
    return (m.group(1) if m else None), states, section("blocked at end:")

traces = sorted(glob.glob("tests/fixtures/*.trace") + glob.glob("tests/fixtures/v1/*")
                + glob.glob("tests/fixtures/text/*"))
for sub in ("v1", "v2", "truncated", "text"):
    traces += sorted(glob.glob(os.path.join(corpus, sub, "*")))
traces = [t for t in traces if os.path.isfile(t) and os.path.getsize(t) < (16 << 20)]
_scratch = tempfile.TemporaryDirectory()  # removed at exit
tmp = _scratch.name
# text traces (tests/fixtures/text/go122-goroutine-id-reuse.test has an id
# with two lifetimes) are assembled first
def binary(t):
    if not t.endswith(".test"):
        return t
    out = os.path.join(tmp, os.path.basename(t) + ".bin")
    p = subprocess.run([gt, "assemble", t, out], capture_output=True)
    return out if p.returncode == 0 else None
traces = [b for b in map(binary, traces) if b]
# cut and bit-flipped copies of the small real traces (seeded: the same
# files every run)
rnd = random.Random(4)
for src in ("tests/fixtures/demo.trace", "tests/fixtures/blocked_go119.trace",
            "tests/fixtures/esbuild_go122.trace"):
    data = open(src, "rb").read()
    for k in range(4):
        cut = os.path.join(tmp, "%s.cut%d" % (os.path.basename(src), k))
        open(cut, "wb").write(data[:rnd.randrange(64, len(data))])
        b = bytearray(data)
        for _ in range(rnd.choice((1, 3))):
            b[rnd.randrange(16, len(b))] ^= 1 << rnd.randrange(8)
        flip = os.path.join(tmp, "%s.flip%d" % (os.path.basename(src), k))
        open(flip, "wb").write(bytes(b))
        traces += [cut, flip]

for tr in traces:
    want = from_json(tr)
    if want is None:
        continue  # not a trace at all: stats --json says so and stops
    for threads in ("1", "2"):
        got = from_text(tr, threads)
        ok(got == want, "%s (%s thread%s): goroutines, end states and blocked list as stats --json"
           % (os.path.relpath(tr, tmp) if tr.startswith(tmp) else tr, threads,
              "" if threads == "1" else "s"))
t.done()
PY
