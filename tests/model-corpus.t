#!/bin/sh
# The model against Go's figures on the shared corpus (expected/oracle):
# `gtview goroutines --json` end states and blocked goroutines, and
# `gtview gc --json` cycle and STW counts, for every trace Go's reader reads;
# for the server traces begun mid-run (servers/) also `gtview stats --json`
# in every field (etcd_go119 but ok and error: Go's test validator refuses
# what its reader delivers whole, see the corpus's README).  Under ASan
# (make asan) a cover: of v1/ and v2/ the smallest trace of each header
# version, of truncated/ its smallest (the others' versions are in v2/
# whole), servers/ all; the plain build takes every trace.
set -u
: "${GTVIEW:?run through make test}"
if [ ! -d "${GT_CORPUS:-}/expected/oracle" ]; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
exec python3 - "$GTVIEW" "$GT_CORPUS" <<'PY'
import collections, glob, json, os, subprocess, sys
gt, corpus = sys.argv[1:3]
cases = []
for sub in ("v1", "v2", "truncated", "servers"):
    for t in sorted(glob.glob(os.path.join(corpus, sub, "*.trace"))):
        name = os.path.basename(t)[:-6]
        o = os.path.join(corpus, "expected", "oracle", name + ".json")
        if os.path.exists(o):
            exp = json.load(open(o))
            if exp["events"] > 0:  # Go's reader read something
                cases.append((t, exp))
with open(gt, "rb") as f:
    asan = b"__asan_init" in f.read()
if asan:  # the cover (above)
    seen, cover = set(), []
    for t, exp in sorted(cases, key=lambda c: os.path.getsize(c[0])):
        sub = os.path.basename(os.path.dirname(t))
        key = (sub, None if sub == "truncated" else exp["version"])
        if sub == "servers" or key not in seen:
            seen.add(key)
            cover.append((t, exp))
    cases = [c for c in cases if c in cover]
servers = [(t, exp) for t, exp in cases if os.path.basename(os.path.dirname(t)) == "servers"]
print("1..%d" % (2 * len(cases) + len(servers)))
n = 0
for t, exp in cases:
    name = os.path.relpath(t, corpus)
    p = subprocess.run([gt, "goroutines", "--json", t], capture_output=True, text=True)
    rows = [json.loads(l) for l in p.stdout.splitlines()]
    states = dict(collections.Counter(r["end_state"] for r in rows))
    mine = sorted((r["g"], r["end_reason"], r["top_frame"]) for r in rows if r["end_state"] == "Waiting")
    theirs = sorted((b["g"], b["reason"], b["top_frame"]) for b in exp["blocked_at_end"])
    n += 1
    good = states == exp["final_goroutine_states"] and mine == theirs
    print(("ok %d - %s goroutines" if good else "not ok %d - %s goroutines") % (n, name))
    if not good:
        print("# states %s want %s" % (states, exp["final_goroutine_states"]))
        print("# blocked only mine %s only Go's %s" % ([x for x in mine if x not in theirs][:5],
                                                   [x for x in theirs if x not in mine][:5]))
    p = subprocess.run([gt, "gc", "--json", t], capture_output=True, text=True)
    n += 1
    try:
        d = json.loads(p.stdout)
        cyc = len(d["cycles"])
        stw = len(d["stw"])
        good = cyc == exp["gc_cycles"] and stw == exp["stw"]
    except ValueError:
        good, cyc, stw = False, None, None
    print(("ok %d - %s gc" if good else "not ok %d - %s gc") % (n, name))
    if not good:
        print("# cycles %s stw %s want %s %s" % (cyc, stw, exp["gc_cycles"], exp["stw"]))
for t, exp in servers:
    name = os.path.relpath(t, corpus)
    p = subprocess.run([gt, "stats", "--json", t], capture_output=True, text=True)
    got = json.loads(p.stdout) if p.stdout else {}
    skip = ("ok", "error") if name == "servers/etcd_go119.trace" else ()
    bad = [k for k in exp if k not in skip and got.get(k) != exp[k]]
    n += 1
    print(("ok %d - %s stats equal Go's%s" if not bad else "not ok %d - %s stats equal Go's%s") %
          (n, name, " (but ok/error)" if skip else ""))
    for k in bad[:5]:
        print("# %s: want %s got %s" % (k, str(exp[k])[:100], str(got.get(k))[:100]))
PY
