#!/bin/sh
# cmd-goroutines-start.t: start functions against the trace's own GoCreate
# events (tests/v1_creates.py reads them off the wire), in old-format
# traces begun mid-run (the corpus's servers/) and others: every goroutine
# a single GoCreate names, those that existed when tracing began included
# (Go's newer reader drops their GoCreate: no later stack is guessed
# from), in `goroutines --json`; the blocked groups without a stack carry
# theirs in `goroutines --blocked --json` and its text.  Skipped when
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

import report_lib
print("1..%d" % report_lib._n)
PY
