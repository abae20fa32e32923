#!/bin/sh
# cmd-goroutines-start.t: start functions against the trace's own GoCreate
# events (tests/v1_creates.py reads them off the wire), in old-format
# traces begun mid-run (the corpus's servers/) and others: every goroutine
# a single GoCreate names, those that existed when tracing began included
# (Go's newer reader drops their GoCreate: no later stack is guessed
# from), in `goroutines --json`; the blocked groups without a stack carry
# theirs in `goroutines --blocked --json` and its text; G1 (runtime.main)
# is not folded with the runtime's own goroutines.  New-format traces
# (Go 1.23+ write the stack of a goroutine that existed before tracing,
# GoStatusStack): its start function is its first stack's root frame
# whenever that stack is shorter than Go's depth limit (GT_STACK_CUT, 126
# frames: Go writes at most 128 PCs, goexit dropped), past a
# runtime.goexit frame (Go drops runtime.main from G1's stacks: G1 reads
# main.main there, runtime.main in old-format traces), and
# "? (stack cut at the depth limit)" for a stack that deep
# (fixtures/text/go126-start-stacks.test).  Corpus traces skipped when
# ../shared/corpus is absent.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import os, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
sys.dont_write_bytecode = True
from report_lib import corpus_traces, jl, ok, run, skip
import v1_creates

SERVERS = ["servers/prometheus_go119.trace", "servers/prometheus_queries_go119.trace",
           "servers/etcd_go119.trace", "servers/hugo_go119.trace"]
traces, have_corpus = corpus_traces(
    corpus, ["tests/fixtures/blocked_go119.trace"],
    SERVERS + ["v1/stress_1_19_good.trace", "v1/http_1_11_good.trace"])
if not have_corpus:
    skip("%s absent: corpus traces not checked" % corpus)

for t in traces:
    name = os.path.basename(t)
    want = v1_creates.start_funcs(t)
    rc, out, _ = run("goroutines", "--json", t)
    rows = jl(out) if rc in (0, 1) else []
    seen = {}
    for r in rows:
        seen[r["g"]] = seen.get(r["g"], 0) + 1
    bad = [(r["g"], r["start_func"], want[r["g"]]) for r in rows
           if r["g"] in want and seen[r["g"]] == 1 and r["start_func"] != want[r["g"]]]
    checked = sum(1 for r in rows if r["g"] in want and seen[r["g"]] == 1)
    ok(rows and checked >= 0.9 * len(want) and not bad,
       "%s: %d start functions as its GoCreate events name them" % (name, checked)) \
        or print("# %s" % bad[:5])
    if t.endswith(tuple(SERVERS)):
        g1 = [r for r in rows if r["g"] == 1]
        ok(g1 and g1[0]["start_func"] == "runtime.main", "%s: G1 starts in runtime.main" % name)
        # blocked groups without a stack: grouped and named by start function
        rc, out, _ = run("goroutines", "--blocked", "--json", t)
        groups = [g for g in jl(out) if not g["stack"] and not g["runtime"]]
        bad = [g for g in groups
               if any(want.get(x, g.get("start_func")) != g.get("start_func") for x in g["goroutines"])
               or not g.get("start_func")]
        ok(groups and not bad, "%s: %d blocked groups without a stack, each of one start "
           "function, named" % (name, len(groups))) or print("# %s" % bad[:3])
        rc, text, _ = run("goroutines", "--blocked", t)
        ok(all("    started in %s()\n" % g["start_func"] in text for g in groups),
           "%s: the text names them too" % name)

        ok(g1 and not any(1 in g["goroutines"] for g in jl(out) if g["runtime"]),
           "%s: G1 is not among the runtime's own goroutines" % name)

# new format: goroutines that existed before tracing (first transition
# from Undetermined), their start function against their first stack
CUT, CUT_TEXT = 126, "? (stack cut at the depth limit)"
import subprocess, tempfile
tmp = tempfile.TemporaryDirectory(prefix="gt-start-")
fixture = os.path.join(tmp.name, "start-stacks.trace")
subprocess.run([gt, "assemble", "tests/fixtures/text/go126-start-stacks.test", fixture], check=True)
v2, _ = corpus_traces(corpus, [fixture, "tests/fixtures/demo.trace"],
                      ["servers/buf_lsp_go127.trace"])
def want_start(g, stack):
    fr = [f["func"] for f in stack]
    while fr and fr[-1].startswith("runtime.goexit"):
        fr.pop()
    return CUT_TEXT if len(fr) >= CUT else fr[-1]
for t in v2:
    name = os.path.basename(t)
    rc, out, _ = run("goroutines", "--json", t)
    rows = jl(out)
    start = {r["g"]: r["start_func"] for r in rows}
    ids = sorted(start)
    first = {}
    for k in range(0, len(ids), 4000):  # the argument list's length
        rc, out, _ = run("goroutine", "--json", ",".join(map(str, ids[k:k + 4000])), t)
        for tr in jl(out):
            first.setdefault(tr["g"], tr)
    pre = {g: tr for g, tr in first.items() if tr["from"] == "Undetermined" and tr["stack"]}
    bad = [(g, start[g], want_start(g, tr["stack"])) for g, tr in pre.items()
           if start[g] != want_start(g, tr["stack"])]
    whole = sum(1 for g, tr in pre.items() if len(tr["stack"]) < CUT and
                start[g] == tr["stack"][-1]["func"])
    ok(rc == 0 and len(pre) >= 2 and not bad,
       "%s: %d goroutines older than the trace, %d named by their stack's root "
       "frame%s" % (name, len(pre), whole, " %s" % bad[:3] if bad else ""))
    if t == fixture:
        ok(start.get(5) == CUT_TEXT and start.get(6) == "main.loop" and
           start.get(7) == "main.worker" and start.get(1) == "main.main",
           "%s: a 128-frame stack says it was cut; runtime.goexit is passed over" % name)

import report_lib
print("1..%d" % report_lib._n)
PY
