#!/bin/sh
# `gtview threads [--json] [--window FROM:TO]` (gt_model_threads): on
# fixtures and corpus traces of both formats, whole and in a window, the
# sums over the threads of running_ns and syscall_ns equal the sums over
# the goroutines of `goroutines --json` (the same window); a thread's
# syscalls are no fewer than those blocked, with a longest where there
# is one; the unknown thread (m -1) holds at most 0.1% of the running
# time and only the few syscalls begun before the trace: exactly the
# goroutines whose first status (`gtview dump`) is a syscall on no
# thread (the old format's GoInSyscall whose thread the trace never
# names; the new format names the thread, and the old one where the
# syscall's end does, as in v1/stress_1_7_good: the row of that thread
# then has the syscall, doc/threads.md); the text table
# has a row per JSON line; bad arguments exit 2 (skipped corpus part when ../shared/corpus
# is absent).
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, re, subprocess, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import corpus_traces, jl, ok, run, skip

traces, have = corpus_traces(
    corpus, ["tests/fixtures/demo.trace", "tests/fixtures/blocked_go119.trace",
             "tests/fixtures/v1/basic_go119.trace"],
    ["v1/http_1_11_good.trace", "v1/stress_1_19_good.trace", "v1/stress_1_7_good.trace",
     "servers/etcd_go119.trace",
     "servers/prometheus_go119.trace", "servers/buf_lsp_go127.trace", "v2/esbuild_small_go126.trace"])
print("1..%d" % (len(traces) * 9 + 2 + (0 if have else 1)))
TRANS = re.compile(r'^-?\d+ \w+ G=-?\d+ P=-?\d+ M=(-?\d+) Goroutine (\d+) (\w+)->(\w+)')


def start_syscalls(t):
    """goroutine -> thread of its first transition when that is a status
    in a syscall (Undetermined->Syscall), from `gtview dump`"""
    seen, st = set(), {}
    for line in subprocess.run([gt, "dump", t], capture_output=True, text=True).stdout.splitlines():
        mt = TRANS.match(line)
        if mt and mt.group(2) not in seen:
            seen.add(mt.group(2))
            if mt.group(3) == "Undetermined" and mt.group(4) == "Syscall":
                st[mt.group(2)] = int(mt.group(1))
    return st

if not have:
    skip("%s absent: corpus traces not checked" % corpus)

for t in traces:
    name = t.split("/")[-1]
    rc, out, err = run("threads", "--json", t)
    rows = jl(out) if rc == 0 else []
    rc2, gout, _ = run("goroutines", "--json", t)
    gs = jl(gout) if rc2 == 0 else []
    ok(rows and all(set(r) == {"m", "running_ns", "syscall_ns", "goroutines", "syscalls"} for r in rows),
       "%s: a JSON line per thread with its fields (%d)" % (name, len(rows)))
    for f in ("running_ns", "syscall_ns"):
        a, b = sum(r[f] for r in rows), sum(g[f] for g in gs)
        ok(a == b and b > 0, "%s: %s summed over threads = over goroutines (%d, %d)" % (name, f, a, b))
    ok(all(r["syscalls"]["blocked"] <= r["syscalls"]["count"] and
           (r["syscalls"]["count"] == 0) == ("longest" not in r["syscalls"]) for r in rows),
       "%s: blocked within count, a longest syscall where there is one" % name)
    unk = [r for r in rows if r["m"] == -1]
    urun = sum(r["running_ns"] for r in unk)
    usys = sum(r["syscalls"]["count"] for r in unk)
    nsys = sum(r["syscalls"]["count"] for r in rows)
    ok(urun * 1000 <= sum(r["running_ns"] for r in rows) and (usys <= 8 or usys * 1000 <= nsys),
       "%s: on an unknown thread, %d ns running, %d of %d syscalls (those begun before the trace)"
       % (name, urun, usys, nsys))
    st = start_syscalls(t)
    by_m = {r["m"]: r for r in rows}
    nounk = sum(1 for m in st.values() if m == -1)
    ok(usys == nounk and all(m == -1 or by_m.get(m, {"syscalls": {"count": 0}})["syscalls"]["count"] > 0
                             for m in st.values()),
       "%s: unknown syscalls: %d, the start statuses on no thread: %d of %d (%s)"
       % (name, usys, nounk, len(st), ", ".join("G%s M%d" % kv for kv in sorted(st.items()))))
    rc, txt, _ = run("threads", t)
    lines = txt.split("\n\n")[0].splitlines()
    ok(rc == 0 and len(lines) == len(rows) + 1 and lines[0].startswith("THREAD"),
       "%s: the table has a row per thread" % name)
    # a window: the middle third
    s = json.loads(run("stats", "--json", t)[1])
    a = s["min_ts"] + (s["max_ts"] - s["min_ts"]) // 3
    b = s["min_ts"] + 2 * (s["max_ts"] - s["min_ts"]) // 3
    w = "--window=%d:%d" % (max(a, 0), b)
    rows = jl(run("threads", "--json", w, t)[1])
    gs = jl(run("goroutines", "--json", w, t)[1])
    ok(all(sum(r[f] for r in rows) == sum(g[f] for g in gs) for f in ("running_ns", "syscall_ns")),
       "%s: %s: the sums agree (%d, %d)" % (name, w, sum(r["running_ns"] for r in rows),
                                           sum(g["running_ns"] for g in gs)))
    ok(all(r["syscalls"]["count"] == 0 or r["syscalls"]["longest"]["ns"] >= 0 for r in rows),
       "%s: %s: longest syscalls have a length" % (name, w))

rc, _, err = run("threads", "--bogus", "tests/fixtures/demo.trace")
ok(rc == 2 and "usage" in err.lower(), "an unknown option: usage, exit 2")
rc, _, err = run("threads", "/nonexistent.trace")
ok(rc == 2 and err, "a missing file: exit 2 with a message")
PY
