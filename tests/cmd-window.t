#!/bin/sh
# `gtview goroutines --by-func` and `--window FROM:TO` (goroutines, gc):
# the groups are the sums of the per-goroutine rows (JSON), and two
# adjacent windows add up to their union, on the fixtures and on corpus
# traces of both formats (skipped when ../shared/corpus is absent).
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import collections, json, os, subprocess, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import corpus_traces, ok, run, skip, jl
STATES = ("running_ns", "runnable_ns", "syscall_ns", "waiting_ns")

def group_rows(rows):
    """The rows of `goroutines --json` summed by start function."""
    g = {}
    for r in rows:
        a = g.setdefault(r["start_func"], {"count": 0, "waiting_by_reason": collections.Counter(),
                                           **{k: 0 for k in STATES}})
        a["count"] += 1
        for k in STATES:
            a[k] += r[k]
        a["waiting_by_reason"].update(r["waiting_by_reason"])
    return {f: dict(a, waiting_by_reason=dict(a["waiting_by_reason"])) for f, a in g.items()}

def groups(out):
    return {x["start_func"]: {k: v for k, v in x.items() if k != "start_func"} for x in jl(out)}

def add(a, b):
    """Two --by-func results (dicts by start_func) summed; count is left out
    (a goroutine alive in both halves counts in each)."""
    s = {}
    for d in (a, b):
        for f, x in d.items():
            y = s.setdefault(f, {"waiting_by_reason": collections.Counter(), **{k: 0 for k in STATES}})
            for k in STATES:
                y[k] += x[k]
            y["waiting_by_reason"].update(x["waiting_by_reason"])
    return {f: dict(y, waiting_by_reason={r: v for r, v in y["waiting_by_reason"].items()})
            for f, y in s.items()}

def nocount(d):
    return {f: {k: v for k, v in x.items() if k != "count"} for f, x in d.items()}

traces, have_corpus = corpus_traces(
    corpus, ["tests/fixtures/blocked_go119.trace", "tests/fixtures/esbuild_go126.trace",
             "tests/fixtures/v1/basic_go119.trace"],
    ["v1/stress_1_19_good.trace", "v1/http_1_5_good.trace", "v1/user_task_region_1_21_good.trace",
     "v2/esbuild_small_go126.trace"])
print("1..%d" % (len(traces) * 7 + 7 + (0 if have_corpus else 1)))
if not have_corpus:
    skip("%s absent: corpus traces not checked" % corpus)

for t in traces:
    name = os.path.basename(t)
    rc, out, _ = run("goroutines", "--json", t)
    rows = jl(out)
    rcg, gout, _ = run("goroutines", "--by-func", "--json", t)
    ok(rcg == rc and rows and groups(gout) == group_rows(rows),
       "%s: --by-func equals the rows summed by start function" % name)
    _, sout, _ = run("stats", "--json", t)
    st = json.loads(sout)
    lo, hi = st["min_ts"], st["max_ts"]
    mid = lo + (hi - lo) // 2
    # from min_ts, the clock's first time (-1 on old-format traces)
    w1, w2 = "%d:%d" % (lo, mid), "%d:" % mid
    _, a, _ = run("goroutines", "--by-func", "--json", "--window", w1, t)
    _, b, _ = run("goroutines", "--by-func", "--json", "--window=" + w2, t)
    _, whole, _ = run("goroutines", "--by-func", "--json", "--window", "%d:" % lo, t)
    ok(a != b and add(groups(a), groups(b)) == nocount(groups(whole)),
       "%s: --by-func over two halves adds up to their union" % name)
    _, ra, _ = run("goroutines", "--json", "--window", w1, t)
    _, rb, _ = run("goroutines", "--json", "--window", w2, t)
    ok(groups(a) == group_rows(jl(ra)) and groups(b) == group_rows(jl(rb)),
       "%s: windowed --by-func equals the windowed rows summed" % name)
    per = collections.defaultdict(lambda: collections.Counter())
    for r in jl(ra) + jl(rb):
        per[r["g"]].update({k: r[k] for k in STATES})
    full = {r["g"]: collections.Counter({k: r[k] for k in STATES}) for r in rows}
    ok(all(per[g] == c for g, c in full.items()) and
       all(sum(per[g].values()) <= sum(c.values()) for g, c in full.items()),
       "%s: each goroutine's halves add up to its row" % name)
    q = lo + (hi - lo) // 4
    _, small, _ = run("goroutines", "--json", "--window", "%d:%d" % (q, q + (hi - lo) // 100 + 1), t)
    ok(all(sum(r[k] for k in STATES) <= (hi - lo) // 100 + 1 for r in jl(small)),
       "%s: no goroutine has more time than a small window holds" % name)
    gcw = [json.loads(run("gc", "--json", "--window", w, t)[1]) for w in (w1, w2)]
    gcall = json.loads(run("gc", "--json", "--window", "%d:" % lo, t)[1])
    _, plain, _ = run("gc", "--json", t)
    ok(all(gcw[0]["window"][k] + gcw[1]["window"][k] == gcall["window"][k]
           for k in ("gc_ns", "stw_ns", "assist_ns")) and "window" not in json.loads(plain)
       and len(gcall["cycles"]) == len(json.loads(plain)["cycles"])
       and all(c["start"] < mid for c in gcw[0]["cycles"]),
       "%s: gc --window: GC, STW and assist time of two halves add up" % name)
    rcw, wout, werr = run("goroutines", "--json", "--window", "%d:%d" % (lo, hi + 1), t)
    ok(rcw == rc and wout == out,
       "%s: --window min_ts:max_ts+1 (%d:%d) is the whole trace" % (name, lo, hi + 1))

t = traces[0]
for w, why in (("-:10", "FROM is not a number"), ("10:5", "FROM must be below TO"),
               ("-9223372036854775809:", "FROM is too small"),
               ("1e9:2", "not a number"), ("12", "want FROM:TO")):
    rc, out, err = run("goroutines", "--window", w, t)
    ok(rc == 2 and out == "" and why in err and "usage:" in err, "--window %s: exit 2, %s" % (w, why))
rc, out, err = run("goroutines", "--by-func", "--blocked", t)
ok(rc == 2 and "do not go together" in err, "--by-func --blocked refused")
rc, out, err = run("goroutines", "--blocked", "--window", "5:", t)
ok(rc == 2 and "no --window" in err, "--blocked --window refused")
PY
