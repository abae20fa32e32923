#!/bin/sh
# `gtview goroutines` formats its rows in blocks on two threads and writes
# the blocks in order: its output on two threads (GTVIEW_LOAD_THREADS=2,
# whatever the size) is the one thread's byte for byte, text and --json,
# whole and with --window, on fixtures and corpus traces of both formats
# (blocks are of 16 rows on these, so each has many); a failed write
# fails either way (skipped when ../shared/corpus is absent).  Under ASan
# (make asan) the traces over 1 MB, whose listings take seconds there,
# take two of the four forms in turn (every form still runs on every
# smaller trace, of both formats); the plain build runs every form on
# every trace.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, subprocess, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import corpus_traces, ok, run, skip
from hostile_lib import is_asan

def listing(threads, args, out=subprocess.PIPE):
    env = dict(os.environ, GTVIEW_LOAD_THREADS=str(threads))
    p = subprocess.run([gt, "goroutines"] + args, stdout=out, stderr=subprocess.PIPE, env=env)
    return p.returncode, p.stdout

traces, have_corpus = corpus_traces(
    corpus, ["tests/fixtures/demo.trace", "tests/fixtures/esbuild_go126.trace"],
    ["v1/churn_go119.trace", "v1/stress_1_19_good.trace", "v2/esbuild_small_go126.trace",
     "v2/esbuild_watch_go126.trace"])
if not have_corpus:
    skip("%s absent: corpus traces not checked" % corpus)

big = 0
for t in traces:
    name = os.path.basename(t)
    forms = ([], ["--json"], ["--window", None], ["--json", "--window", None])
    if is_asan(gt) and os.path.getsize(t) > 1 << 20:  # the cover (above)
        forms = forms[big % 2::2]
        big += 1
    st = json.loads(run("stats", "--json", t)[1])
    lo, hi = max(st["min_ts"], 0), st["max_ts"]
    window = "%d:%d" % (lo + (hi - lo) // 4, lo + 3 * (hi - lo) // 4)
    for args in ([window if a is None else a for a in f] for f in forms):
        rc1, one = listing(1, args + [t])
        rc2, two = listing(2, args + [t])
        rows = one.count(b"\n") - (0 if "--json" in args else 1)
        # the blocks are of goroutines: a window's few rows come from many
        least = 1 if "--window" in args else 2 * 16 + 1
        ok(rc1 == rc2 == 0 and rows >= least and one == two,
           "%s %s: %d rows, the same on two threads" % (name, " ".join(args) or "(text)", rows))

t = traces[0]
with open("/dev/full", "wb") as full:
    r = [listing(n, ["--json", t], full)[0] for n in (1, 2)]
ok(r[0] == r[1] == 2, "a failed write exits 2 on one thread and on two (%s)" % r)
ok(listing(2, [t])[1].startswith(b"       G  START FUNCTION"), "the text header comes first")
print("1..%d" % __import__("report_lib")._n)
PY
