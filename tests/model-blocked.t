#!/bin/sh
# `gtview goroutines` on tests/fixtures/blocked_go119.trace, written by
# tests/progs/blocked (Go 1.19): the goroutines it leaves blocked, with the
# reasons and functions planted there, and agreement with `gtview stats`.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" tests/fixtures/blocked_go119.trace <<'PY'
import collections, json, subprocess, sys
gt, trace = sys.argv[1:3]
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))
import os
def run(*args, threads=None):
    env = dict(os.environ, GTVIEW_LOAD_THREADS=threads) if threads else None
    p = subprocess.run([gt] + list(args), capture_output=True, text=True, env=env)
    return p.returncode, p.stdout
print("1..18")

rc, out = run("goroutines", "--blocked", "--json", trace)
groups = [json.loads(l) for l in out.splitlines()]
ok(rc == 0 and groups, "goroutines --blocked --json runs")
by_user = {g["user_frame"]: g for g in groups if g["user_frame"]}
planted = {  # user frame -> (reason, count)
    "main.blockRecv": ("chan receive", 1),
    "main.blockSend": ("chan send", 2),
    "main.blockSelect": ("select", 1),
    "main.blockMutex": ("sync", 1),
    "main.blockCond": ("sync.(*Cond).Wait", 1),
    "main.blockSleep": ("sleep", 1),
    "main.blockAccept": ("network", 1),
    "main.blockWaitGroup": ("sync", 3),
}
for fn, (reason, count) in planted.items():
    g = by_user.get(fn)
    ok(g is not None and g["reason"] == reason and g["count"] == count
       and len(g["goroutines"]) == count and any(f["func"] == fn for f in g["stack"]),
       "%s: %d blocked on %s" % (fn, count, reason))
# the program's own code first, then the others, the runtime's goroutines
# folded into one group at the end; the largest first within each
sect = [(2 if g["runtime"] else 0 if g["user"] else 1) for g in groups]
ok(sect == sorted(sect) and sect.count(2) <= 1
   and all(groups[i]["count"] >= groups[i + 1]["count"] for i in range(len(groups) - 1)
           if sect[i] == sect[i + 1]),
   "the program's groups first, largest first, the runtime's last")
ok(all(0 <= g["waited_min_ns"] <= g["waited_max_ns"] for g in groups), "waited ranges")

rc, out = run("goroutines", "--json", trace)
rows = [json.loads(l) for l in out.splitlines()]
rc2, sout = run("stats", "--json", trace)
st = json.loads(sout)
ok(dict(collections.Counter(r["end_state"] for r in rows)) == st["final_goroutine_states"],
   "end states agree with stats --json")
mine = sorted((r["g"], r["end_reason"], r["top_frame"]) for r in rows if r["end_state"] == "Waiting")
theirs = sorted((b["g"], b["reason"], b["top_frame"]) for b in st["blocked_at_end"])
ok(mine == theirs, "blocked goroutines agree with stats --json blocked_at_end")
ok(all(sum(r["waiting_by_reason"].values()) == r["waiting_ns"] for r in rows)
   and [r["g"] for r in rows] == sorted(r["g"] for r in rows),
   "waiting_by_reason adds up; rows in goroutine order")
recv = [r for r in rows if r["start_func"] == "main.blockRecv"]
ok(len(recv) == 1 and recv[0]["end_reason"] == "chan receive" and recv[0]["creator"] == 1
   and recv[0]["top_frame"] == "runtime.chanrecv1" and recv[0]["user_frame"] == "main.blockRecv"
   and recv[0]["waiting_by_reason"].get("chan receive", 0) > 0,
   "blockRecv row: reason, creator, frames")

rc, out = run("goroutines", "--blocked", trace)
ok(rc == 0 and "main.blockAccept()" in out and "3: sync [" in out and "created by main.main" in out,
   "goroutines --blocked text")
# the pass over the goroutines runs on one thread or two (model/gpar.c):
# the same groups either way, on this trace and on the demo's
for tr in (trace, "tests/fixtures/demo.trace"):
    one = [run("goroutines", "--blocked", *fl, tr, threads="1") for fl in (["--json"], [])]
    two = [run("goroutines", "--blocked", *fl, tr, threads="2") for fl in (["--json"], [])]
    ok(one == two and all(rc == 0 and out for rc, out in one),
       "%s: --blocked (json and text) on one thread and two agree" % tr)
PY
