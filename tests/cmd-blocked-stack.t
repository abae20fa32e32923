#!/bin/sh
# cmd-blocked-stack.t: goroutines already blocked when tracing began, in
# new-format traces (Go 1.23+ write their stacks, with no reason): the
# reason is read from the stack, marked as such in `goroutines --blocked
# --json` (reason_from_stack, reason_known false) and in its text
# ("(read from the stack)"); only where Go's reader gives no reason
# (expected/oracle's blocked_at_end), and only from the frame past the
# parking ones.  Skipped when ../shared/corpus is absent.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, sys
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
sys.dont_write_bytecode = True
from report_lib import jl, ok, run, skip

PARK = {"runtime.gopark", "runtime.goparkunlock"}
# the frame past the parking ones -> Go's reason (traceBlockReason words)
TELLS = {"runtime.selectgo": "select", "runtime.chanrecv": "chan receive",
         "runtime.chanrecv1": "chan receive", "runtime.chansend": "chan send",
         "runtime.chansend1": "chan send", "runtime.netpollblock": "network",
         "time.Sleep": "sleep", "runtime.semacquire1": "sync",
         "sync.runtime_notifyListWait": "sync.(*Cond).Wait"}

name = "buf_lsp_go127"
trace = os.path.join(corpus, "servers", name + ".trace")
if not os.path.exists(trace):
    skip("%s absent" % trace)
    print("1..1")
    sys.exit(0)
oracle = {b["g"]: b for b in json.load(open(os.path.join(corpus, "expected", "oracle",
                                                         name + ".json")))["blocked_at_end"]}
rc, out, _ = run("goroutines", "--blocked", "--json", trace)
groups = jl(out)
read = [g for g in groups if g.get("reason_from_stack")]
ok(rc == 0 and len(read) >= 3, "%s: %d groups' reasons read from their stacks" % (name, len(read)))
ok(all(not g["reason_known"] and g["reason"] in TELLS.values() for g in read),
   "... marked: reason_known false, a reason in Go's words")
ok(all(oracle[x]["reason"] == "" for g in read for x in g["goroutines"]),
   "... only where Go's reader gives no reason")
def told(stack):
    for f in stack:
        if f["func"] not in PARK:
            return TELLS.get(f["func"])
ok(all(told(g["stack"]) == g["reason"] for g in read),
   "... each the one the frame past the parking ones tells")
given = [g for g in groups if not g.get("reason_from_stack") and not g["runtime"]]
ok(all(g["reason_known"] == bool(g["reason"]) and "reason_from_stack" in g for g in given) and
   all(all(oracle[x]["reason"] in (g["reason"], "") for x in g["goroutines"]) for g in given
       if g["reason_known"]),
   "the others keep the reason Go's reader gives (at their last transition, or when "
   "they began to wait if that one re-affirms a status)")
rc, text, _ = run("goroutines", "--blocked", trace)
ok(all("\n%d: %s (read from the stack) [" % (g["count"], g["reason"]) in text for g in read),
   "the text marks them: (read from the stack)")
# old-format traces write no stack for them: nothing is read
rc, out, _ = run("goroutines", "--blocked", "--json",
                 os.path.join(corpus, "servers", "prometheus_go119.trace"))
ok(rc == 0 and not any(g["reason_from_stack"] for g in jl(out)),
   "prometheus_go119 (old format): no reason read from a stack")
import report_lib
print("1..%d" % report_lib._n)
PY
