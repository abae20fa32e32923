#!/bin/sh
# `gtview gc` on tests/fixtures/blocked_go119.trace: the program forces
# three GCs (runtime.GC), each with a sweep- and a mark-termination STW;
# on demo.trace, a GC already running when tracing began; and the
# headlines `gtview stats` prints from the model.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" tests/fixtures/blocked_go119.trace <<'PY'
import json, subprocess, sys
gt, trace = sys.argv[1:3]
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))
print("1..20")
p = subprocess.run([gt, "gc", "--json", trace], capture_output=True, text=True)
d = json.loads(p.stdout)
ok(p.returncode == 0, "gc --json runs")
cyc, stw = d["cycles"], d["stw"]
ok(len(cyc) == 3 and d["active_at_start"] == [], "three GC cycles, none active at start")
ok(all(c["duration_ns"] > 0 and c["assists"] >= 0 for c in cyc)
   and [c["start"] for c in cyc] == sorted(c["start"] for c in cyc), "cycles in time order")
ok([s["reason"] for s in stw] == ["GC sweep termination", "GC mark termination"] * 3,
   "six STWs: sweep then mark termination per cycle")
ok(all(any(c["start"] <= s["start"] < c["start"] + c["duration_ns"] + 10**7 for c in cyc) for s in stw),
   "each STW near its cycle")
ps = d["pauses"]
durs = sorted(s["duration_ns"] for s in stw)
ok(ps["count"] == 6 and ps["min_ns"] == durs[0] and ps["max_ns"] == durs[-1]
   and ps["total_ns"] == sum(durs) and ps["p50_ns"] == durs[2] and ps["p90_ns"] == durs[5],
   "pause distribution (nearest rank)")
mmu = d["mmu"]
ok(set(mmu) == {"1ms", "10ms", "100ms"} and all(0 <= v <= 1 for v in mmu.values()), "mmu in [0,1]")
ok(mmu["1ms"] <= mmu["100ms"], "mmu(1ms) <= mmu(100ms)")
p = subprocess.run([gt, "gc", trace], capture_output=True, text=True)
ok(p.returncode == 0 and "GC cycles: 3" in p.stdout and "Minimum mutator utilization" in p.stdout,
   "gc text")
# demo.trace (esbuild, Go 1.26): one GC already marking when tracing began
d = json.loads(subprocess.run([gt, "gc", "--json", "tests/fixtures/demo.trace"],
                              capture_output=True, text=True).stdout)
st = json.loads(subprocess.run([gt, "stats", "--json", "tests/fixtures/demo.trace"],
                               capture_output=True, text=True).stdout)
ok(len(d["active_at_start"]) == 1 and d["active_at_start"][0]["kind"] == "gc",
   "demo: the GC running at trace start is in active_at_start")
ok(len(d["cycles"]) == st["gc_cycles"] and len(d["stw"]) == st["stw"],
   "demo: cycles and STWs that begin in the trace agree with stats --json")
p = subprocess.run([gt, "stats", trace], capture_output=True, text=True)
ok("goroutines at end: 18 waiting, 1 runnable" in p.stdout and "GC: 3 cycles, 6 STW pauses" in p.stdout,
   "stats text carries the goroutine and GC headlines")
# stats text counts in the same decoding pass as the model it loads (one
# thread or two): its figures are stats --json's, whole or cut traces
import os, re, tempfile
_scratch = tempfile.TemporaryDirectory()  # removed at exit
cut = os.path.join(_scratch.name, "cut.trace")
with open(cut, "wb") as f:
    f.write(open("tests/fixtures/demo.trace", "rb").read()[:300000])
for tr in (trace, "tests/fixtures/demo.trace", "tests/fixtures/v1/basic_go119.trace", cut):
    js = json.loads(subprocess.run([gt, "stats", "--json", tr], capture_output=True, text=True).stdout)
    for threads in ("1", "2"):
        p = subprocess.run([gt, "stats", tr], capture_output=True, text=True,
                           env=dict(os.environ, GTVIEW_LOAD_THREADS=threads))
        got = dict(re.findall(r"^(\w[\w ]*):\s+(\S+)", p.stdout, re.M))
        ok(got.get("events") == str(js["events"]) and got.get("goroutines") == str(js["goroutines"])
           and got.get("stw pauses") == str(js["stw"]) and "goroutines at end:" in p.stdout,
           f"stats text on {os.path.basename(tr)} ({threads} thread(s)) counts as stats --json")
PY
