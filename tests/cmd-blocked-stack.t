#!/bin/sh
# cmd-blocked-stack.t: goroutines already blocked when tracing began, in
# new-format traces (Go 1.23+ write their stacks, with no reason): the
# reason is read from the stack, marked as such in `goroutines --blocked
# --json` (reason_from_stack, reason_known false) and in its text
# ("(read from the stack)"); only where Go's reader gives no reason
# (expected/oracle's blocked_at_end), and only from the frame past the
# parking ones.  Groups whose stacks begin alike (etcd: groups of one
# goroutine reading the network in internal/poll.(*FD).Read) name the
# first frame that tells them apart (gt_model_bgroup_apart_frame, which
# the viewer's group headers show): "apart" in the JSON, "told apart by
# frame N" in the text.  Skipped when ../shared/corpus is absent.
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

# the frame that tells a group apart: the first past the frames its stack
# shares (from the innermost) with any other group of the same reason
etcd = os.path.join(corpus, "servers", "etcd_go119.trace")
rc, out, _ = run("goroutines", "--blocked", "--json", etcd)
groups = jl(out)
def key(g):
    return (g["reason"], g["reason_from_stack"])
def frames(g):
    return [(f["func"], f["file"], f["line"]) for f in g["stack"]]
def common(x, y):
    k = 0
    while k < len(x) and k < len(y) and x[k] == y[k]:
        k += 1
    return k
alike = [g for g in groups if g["reason"] == "network" and
         g["top_frame"] == "internal/poll.(*FD).Read"]
ok(rc == 0 and len(alike) >= 3 and all("apart" in g for g in alike) and
   len({(g["apart"]["index"], g["apart"]["func"]) for g in alike}) == len(alike),
   "etcd: %d groups of network in internal/poll.(*FD).Read, each told apart "
   "by its own frame" % len(alike))
bad = []
for g in groups:
    if g["runtime"] or not g["stack"]:
        continue
    most = max([common(frames(g), frames(h)) for h in groups
                if h is not g and not h["runtime"] and key(h) == key(g)] + [0])
    want = most if 0 < most < len(g["stack"]) else None
    got = g.get("apart")
    if (want is None) != (got is None) or (got and (
            got["index"] != want or
            (got["func"], got["file"], got["line"]) != frames(g)[want])):
        bad.append((g["goroutines"], want, got))
ok(not bad and sum("apart" in g for g in groups) >= 10,
   "etcd: %d groups' apart frames, each the first past the most frames shared with a group "
   "of its reason%s" % (sum("apart" in g for g in groups), " %s" % bad[:2] if bad else ""))
rc, text, _ = run("goroutines", "--blocked", etcd)
blocks = text.split("\n\n")[1:]
def told(g):
    a = g["apart"]
    return "    told apart by frame %d: %s()\n        %s:%d\n" % (a["index"] + 1, a["func"],
                                                                 a["file"], a["line"])
ok(rc == 0 and len(blocks) == len(groups) and
   all((told(g) in b) if "apart" in g else "told apart" not in b
       for g, b in zip(groups, blocks)),
   "etcd: the text names the same frame, in the same groups")
import report_lib
print("1..%d" % report_lib._n)
PY
