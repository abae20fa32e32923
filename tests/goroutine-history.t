#!/bin/sh
# `gtview goroutine --json` against Go's reader: for every trace with a
# file in ../shared/corpus/expected/transitions, every goroutine's
# transitions (time, from, to, reason, innermost frame of its stack, the
# goroutine that caused it and its event's innermost frame), exactly.
# Old-format traces may give equal timestamps in either order (the
# corpus README): there, transitions of one goroutine at the same time
# may be a few ns apart (see TIE).  Also: the text form, the list
# form's errors.  Under ASan (make asan) a cover: the traces whose
# reference is under 1 MB (compressed), every old-format version there
# and the new format's esbuild_small_go126, through the same query as the
# big ones, whose millions of transitions are the plain build's to check
# (it takes every trace).
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" ../shared/corpus <<'PY'
import gzip, json, os, subprocess, sys
gt, corpus = sys.argv[1:3]
ref_dir = os.path.join(corpus, "expected", "transitions")
if not os.path.isdir(ref_dir):
    print("1..0 # SKIP no ../shared/corpus/expected/transitions")
    sys.exit(0)
names = sorted(f[:-len(".jsonl.gz")] for f in os.listdir(ref_dir) if f.endswith(".jsonl.gz"))
with open(gt, "rb") as f:
    if b"__asan_init" in f.read():  # the cover (above)
        names = [n for n in names if os.path.getsize(os.path.join(ref_dir, n + ".jsonl.gz")) < 1 << 20]
n = 0
fails = 0
def ok(cond, what):
    global n, fails
    n += 1
    fails += not cond
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))
    return cond

def trace_path(name):
    for d in ("v1", "v2", "truncated"):
        p = os.path.join(corpus, d, name + ".trace")
        if os.path.exists(p):
            return d, p
    return None, None

def top(frames):
    # the reference's form: "func file:line", ":0" for a frame unknown
    if not frames:
        return ""
    f = frames[0]
    return "%s:%d" % (" ".join(x for x in (f["func"], f["file"]) if x), f["line"])

def history(path, ids):
    """gtview's transitions by goroutine, ids in lists of a few thousand
    (one argument must stay under the kernel's 128 KiB)."""
    got = {}
    for i in range(0, len(ids), 15000):
        p = subprocess.run([gt, "goroutine", "--json", ",".join(map(str, ids[i:i + 15000])), path],
                           capture_output=True, text=True)
        if p.returncode not in (0, 1) or (p.returncode == 1 and "no goroutine" in p.stderr):
            return None, p.stderr.strip()
        for line in p.stdout.splitlines():
            o = json.loads(line)
            got.setdefault(o["g"], []).append(
                [o["ts"], o["from"], o["to"], o["reason"], top(o["stack"]), o["by_g"],
                 top(o["by_stack"])])
    return got, ""

# Old-format traces: events of different Ps with equal times come in
# either order, and a reader then makes times strictly increase by one
# nanosecond per event in the order it took (Go's rule), so the events
# of a tie of k may differ by up to k - 1 ns between two readers.  Ties
# of more than a few events are rare: TIE ns at most are tolerated there,
# nothing else (fields and order exactly).
TIE = 3
def same(have, want, old):
    if not old:
        return have == want
    if len(have) != len(want):
        return False
    return all(h[1:] == w[1:] and abs(h[0] - w[0]) <= TIE for h, w in zip(have, want))

print("1..%d" % (len(names) + 3))
for name in names:
    d, path = trace_path(name)
    if not path:
        ok(False, "%s: trace present" % name)
        continue
    with gzip.open(os.path.join(ref_dir, name + ".jsonl.gz"), "rt") as f:
        ref = {}
        for line in f:
            o = json.loads(line)
            ref[o["g"]] = o["t"]
    got, err = history(path, sorted(ref))
    if got is None:
        ok(False, "%s: gtview goroutine ran (%s)" % (name, err))
        continue
    bad = []
    for g, want in ref.items():
        have = got.get(g, [])
        if not same(have, want, d == "v1"):
            bad.append(g)
    ntr = sum(len(t) for t in ref.values())
    if bad:
        g = bad[0]
        w, h = ref[g], got.get(g, [])
        i = next((i for i in range(min(len(w), len(h))) if not same([h[i]], [w[i]], d == "v1")),
                 min(len(w), len(h)))
        print("# %s: %d goroutines differ; G%d at %d: want %s have %s" %
              (name, len(bad), g, i, w[i] if i < len(w) else None, h[i] if i < len(h) else None))
    ok(not bad, "%s: %d goroutines, %d transitions as Go's reader gives them" %
       (name, len(ref), ntr))

# the list form's errors, the text form, the reverse links (churn)
path = os.path.join(corpus, "v1", "churn_go119.trace")
p = subprocess.run([gt, "goroutine", "1,999999", path], capture_output=True, text=True)
ok(p.returncode == 1 and "999999" in p.stderr and not p.stdout,
   "an unknown id: exit 1 naming it")
bad_lists = ["", "1,,2", "x", "1,", "-1", "1;2", "99999999999999999999"]
codes = [subprocess.run([gt, "goroutine", b, path], capture_output=True).returncode
         for b in bad_lists]
ok(codes == [2] * len(bad_lists), "bad lists: exit 2 (%s)" % codes)
p = subprocess.run([gt, "goroutine", "1", path], capture_output=True, text=True)
lines = p.stdout.splitlines()
ok(p.returncode == 0 and lines[0].startswith("G1 ") and
   any("woken by G50 at runtime.chansend1 runtime/chan.go:145" in l for l in lines),
   "text form: a header and who woke it, where")
PY
