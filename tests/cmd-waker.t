#!/bin/sh
# cmd-waker.t: who woke a goroutine when no goroutine did, in `gtview
# goroutine --json` ("waker": netpoll, timer, runtime, unknown) and its
# text ("woken by the network poller"...): on exactly the Waiting ->
# Runnable transitions Go's reader gives without a causing goroutine
# (expected/transitions), netpoll where that wait began for the network,
# timer where it began to sleep; and on a server trace begun mid-run.
# Skipped when ../shared/corpus is absent.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import gzip, json, os, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
sys.dont_write_bytecode = True
from report_lib import jl, ok, run, skip

WANT = {"network": "netpoll", "sleep": "timer", "": "unknown"}
for sub, name in [("v1", "http_1_19_good"), ("v1", "stress_1_19_good"),
                  ("v2", "esbuild_small_go126")]:
    trace = os.path.join(corpus, sub, name + ".trace")
    ref = os.path.join(corpus, "expected", "transitions", name + ".jsonl.gz")
    if not os.path.exists(trace) or not os.path.exists(ref):
        skip("%s absent" % name)
        continue
    # (g, n) -> waker of g's nth wake (Waiting -> Runnable), from Go's
    # transitions (in old formats, equal times may come in either order:
    # wakes are matched by their number, not their time)
    want, n = {}, {}
    for line in gzip.open(ref, "rt"):
        o = json.loads(line)
        why = None
        for ts, fr, to, reason, top, by_g, by_top in o["t"]:
            if to == "Waiting" and (fr != "Waiting" or not why):
                why = reason
            if fr == "Waiting" and to == "Runnable":
                k = n[o["g"]] = n.get(o["g"], 0) + 1
                if by_g is None:
                    want[(o["g"], k)] = WANT.get(why or "", "runtime")
    ids = sorted({g for g, _ in want})
    got, n = {}, {}
    if ids:
        rc, out, _ = run("goroutine", "--json", ",".join(map(str, ids)), trace)
        for r in jl(out):
            if r["from"] == "Waiting" and r["to"] == "Runnable":
                k = n[r["g"]] = n.get(r["g"], 0) + 1
                if "waker" in r:
                    got[(r["g"], k)] = r["waker"]
    ok(got == want,
       "%s: %d wakes by no goroutine, each with its waker as the wait's reason tells" %
       (name, len(want))) or print("# %d differ" % len(set(got.items()) ^ set(want.items())))

trace = os.path.join(corpus, "servers", "prometheus_go119.trace")
if os.path.exists(trace):
    rc, out, _ = run("goroutine", "--json", "491", trace)
    rows = jl(out)
    net = [r for r in rows if r.get("waker") == "netpoll"]
    ok(rc == 0 and len(net) >= 3 and all(r["by_g"] is None for r in net),
       "prometheus G491: woken by the network poller %d times" % len(net))
    rc, text, _ = run("goroutine", "491", trace)
    ok(text.count("Waiting -> Runnable                         woken by the network poller\n")
       == len(net), "... and the text says so on each of those rows")
else:
    skip("no servers/")
import report_lib
print("1..%d" % report_lib._n)
PY
