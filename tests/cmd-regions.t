#!/bin/sh
# `gtview regions`: the annotated corpus traces against Go's reader
# (expected/regions), nearest-rank percentiles on a trace of known region
# durations written here (assembled from the text form), and windows
# whose halves add up.  Corpus parts skip when ../shared/corpus is absent.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import glob, json, math, os, random, re, subprocess, sys, tempfile
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import ok, run, skip, jl

# A Go 1.25 trace in the text form: one goroutine with 37 regions of two
# types and random durations (multiples of the 64 ns tick), one left open.
def uv(x):
    k = 1
    while x >= 0x80:
        x >>= 7
        k += 1
    return k
def batch(head, lines):
    size = 0
    for l in lines:
        if l.startswith("\tdata="):
            d = l[len('\tdata="'):-1].encode()
            size += uv(len(d)) + len(d)
        else:
            size += 1 + sum(uv(int(v)) for v in re.findall(r"=(\d+)", l))
    return ["%s size=%d" % (head, size)] + lines
random.seed(7)
ev, durs = [], {"short": [], "long": []}
for i in range(37):
    ty = 1 if i % 3 else 2
    d = random.randint(1, 50)
    durs["short" if ty == 1 else "long"].append(d * 64)
    ev += ["UserRegionBegin dt=3 task=0 name_string=%d stack=0" % ty,
           "UserRegionEnd dt=%d task=0 name_string=%d stack=0" % (d, ty)]
ev.append("UserRegionBegin dt=3 task=0 name_string=1 stack=0")
text = ["-- trace --", "Trace Go1.25"]
text += batch("EventBatch gen=1 m=18446744073709551615 time=100",
              ["Sync", "Frequency freq=15625000", "ClockSnapshot dt=1 mono=99 sec=1740755049 nsec=123"])
text += batch("EventBatch gen=1 m=1 time=100",
              ["ProcStatus dt=1 p=0 pstatus=1", "GoStatus dt=1 g=1 m=1 gstatus=2"] + ev)
text += batch("EventBatch gen=1 m=18446744073709551615 time=100",
              ["Strings", "String id=1", '\tdata="short"', "String id=2", '\tdata="long"'])
tmp = tempfile.mkdtemp()
import atexit, shutil
atexit.register(shutil.rmtree, tmp, True)
src, made = os.path.join(tmp, "many.test"), os.path.join(tmp, "many.trace")
open(src, "w").write("\n".join(text) + "\n")

expected = sorted(glob.glob(os.path.join(corpus, "expected/regions/*.json")))

traces = [made, "tests/fixtures/v1/basic_go119.trace", "tests/fixtures/text/go125-annotations.test"]
traces += [os.path.join(corpus, "v1/user_task_region_1_%s_good.trace" % v) for v in ("11", "19", "21")]
print("1..%d" % (4 + len(traces) + max(len(expected), 1)))
rc, _, err = run("assemble", src, made)
ok(rc == 0, "assemble a trace of 37 regions" + (": " + err.strip() if rc else ""))
rc, out, _ = run("regions", "--json", made)
got = {r["type"]: {k: v for k, v in r.items() if k != "time"}  # time: cmd-regions-time.t
       for r in json.loads(out)["regions"]} if rc == 0 else {}
def rank(v, p):  # nearest rank: the value at rank ceil(p/100 * n)
    v = sorted(v)
    return v[max(math.ceil(p * len(v) / 100), 1) - 1]
want = {t: {"type": t, "count": len(d), "total_ns": sum(d), "min_ns": min(d), "max_ns": max(d),
            "p50_ns": rank(d, 50), "p90_ns": rank(d, 90), "p99_ns": rank(d, 99),
            "open_at_end": int(t == "short"), "begun_before": 0} for t, d in durs.items()}
ok(got == want, "count, total, min, nearest-rank p50/p90/p99, max and the open one per type")
rc, out, _ = run("regions", made)
ok(rc == 0 and re.search(r"^  short +24 .* 1$", out, re.M) and "Regions: 2 types" in out,
   "the table lists the types, with the open region apart")
rc, out, err = run("regions", "--window", "7:3", made)
ok(rc == 2 and "FROM must be below TO" in err, "a bad window: exit 2")

def halves(t):
    """regions --json over two halves of the trace, summed, against the whole."""
    _, s, _ = run("stats", "--json", t)
    st = json.loads(s)
    lo, hi = max(st["min_ts"], 0), st["max_ts"]
    mid = lo + (hi - lo) // 2
    parts = [json.loads(run("regions", "--json", "--window", w, t)[1])
             for w in ("%d:%d" % (lo, mid), "%d:" % mid, "%d:" % lo)]
    def sums(d):
        r = {}
        for key, name in (("regions", "type"), ("tasks", "type"), ("logs", "category")):
            for x in d[key]:
                a = r.setdefault((key, x[name]), {})
                for f in ("count", "total_ns", "open_at_end", "begun_before"):
                    a[f] = a.get(f, 0) + x.get(f, 0)
        return r
    a, b, whole = map(sums, parts)
    for k, v in b.items():
        for f, x in v.items():
            a.setdefault(k, {}).setdefault(f, 0)
            a[k][f] += x
    return a == whole and whole

for t in traces:
    if not os.path.exists(t):
        skip("%s absent" % t)
        continue
    if t.endswith(".test"):
        bin_ = os.path.join(tmp, "ann.trace")
        run("assemble", t, bin_)
        t = bin_
    ok(halves(t), "%s: two halves of the trace add up to the whole" % os.path.basename(t))

if not expected:
    skip("%s absent" % corpus)
for e in expected:
    want = json.load(open(e))
    name = os.path.basename(e)[:-5]
    rc, out, _ = run("regions", "--json", os.path.join(corpus, "v1", name + ".trace"))
    d = json.loads(out) if rc == 0 else {"regions": [], "tasks": [], "logs": []}
    mine = {"regions": {r["type"]: {"count": r["count"], "total_ns": r["total_ns"]}
                        for r in d["regions"] if r["count"]},
            "tasks": {r["type"]: {"count": r["count"] + r["open_at_end"]} for r in d["tasks"]},
            "logs": {r["category"]: r["count"] for r in d["logs"]}}
    ok(mine == want, "%s: regions, tasks and logs as Go's reader" % name)
PY
