#!/bin/sh
# tui-gc-agree.t: the viewer and the CLI show the same GC and blocked
# figures (one model query each).  For fixtures and corpus traces, the
# viewer (headless, GTVIEW_SCRIPT, :save-screen) opens a GC cycle's panel
# (3, cycles only, Tab) and the blocked list (2, b); their text must say
# what `gc --json` and `goroutines --blocked --json` say for the same cycle
# and groups, in the same order.  On every corpus trace, the invariants of
# gc --json: assist_ns <= duration_ns x Ps, mmu_curve of >= 10 points with
# growing windows and a utilization that never falls.
set -u
: "${GTVIEW:?run through make test}"
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/../../shared/corpus
exec python3 - "$GTVIEW" "$here" "$corpus" <<'PY'
import json, os, re, subprocess, sys, tempfile
gt, here, corpus = sys.argv[1:4]
sys.path.insert(0, here)
from report_lib import fmt_dur  # noqa: E402
tmp = tempfile.TemporaryDirectory()
env = dict(os.environ, TERM="xterm-256color", TZ="UTC", LC_ALL="C.UTF-8", LANG="C.UTF-8",
           HOME=tmp.name, XDG_CONFIG_HOME=os.path.join(tmp.name, "xdg"))
env.pop("NO_COLOR", None)
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))

def mib(b):  # report/report.c: gt_report_mib
    return "-" if b is None else "%.1f MiB" % (b / 1048576.0)

def screen(trace, keys, name):
    kf = os.path.join(tmp.name, name + ".keys")
    sf = os.path.join(tmp.name, name + ".screen")
    with open(kf, "w") as f:
        f.write("\n".join(keys + [":save-screen " + sf]) + "\n")
    p = subprocess.run([gt, trace], env=dict(env, GTVIEW_SCRIPT=kf, LINES="150", COLUMNS="200"),
                       capture_output=True, text=True, timeout=300)
    return p.returncode, open(sf).read() if os.path.exists(sf) else ""

def skip(why):
    global n
    n += 1
    print("ok %d # SKIP %s" % (n, why))

def jrun(*args):
    p = subprocess.run([gt] + list(args), capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout

fixtures = [os.path.join(here, "fixtures", f) for f in
            ("demo.trace", "blocked_go119.trace", "esbuild_go122.trace", "v1/basic_go119.trace")]
have_corpus = os.path.isdir(corpus)
big = [os.path.join(corpus, f) for f in ("v1/stress_1_19_good.trace", "v1/churn_go119.trace",
                                          "v1/stress_1_9_good.trace", "v2/esbuild_watch_go123.trace")]
everything = []
if have_corpus:
    for d in ("v1", "v2"):
        everything += sorted(os.path.join(corpus, d, f) for f in os.listdir(os.path.join(corpus, d))
                             if f.endswith(".trace") and "unordered" not in f)


def panel_checks(trace):
    rc, out = jrun("gc", "--json", trace)
    d = json.loads(out)
    before = sum(1 for a in d["active_at_start"] if a["kind"] == "gc")
    cyc = d["cycles"]
    picks = []
    ok(rc == 0 and len(cyc) >= 1, "%s: gc --json has cycles to compare" % os.path.basename(trace))
    if cyc:
        most = max(range(len(cyc)), key=lambda j: (cyc[j]["assists"], -j))
        # the first, the one with the most assists, the last, then others
        order = [0, most, len(cyc) - 1, len(cyc) // 2, 1, len(cyc) - 2]
        picks = [j for k, j in enumerate(order) if 0 <= j < len(cyc) and j not in order[:k]][:3]
    for j in picks:
        name = os.path.basename(trace)
        c = cyc[j]
        i = before + j  # the viewer's rows count the cycle begun before the trace
        rc, s = screen(trace, ["3", "f", "f"] + ["j"] * i + ["<Tab>"], "panel")
        want = [
            "GC cycle #%d (concurrent mark phase)" % (i + 1),
            "  mark assists %d, %s running on Ps in the cycle" % (c["assists"], fmt_dur(c["assist_ns"])),
            "  heap         before %s, after %s, goal %s" % (mib(c["heap_before"]), mib(c["heap_after"]),
                                                            mib(c["heap_goal"])),
            "Pauses of this cycle: %d, %s in all" % (len(c["pauses"]), fmt_dur(c["pause_ns"])),
            "Mark assists of this cycle: %d" % c["assists"],
        ]
        lines = s.splitlines()
        missing = [w for w in want if not any(l.rstrip() == w for l in lines)]
        # the pause lines, in order, after their title
        at = next((k for k, l in enumerate(lines) if l.startswith("Pauses of this cycle:")), None)
        got = []
        if at is not None:
            for l in lines[at + 1: at + 1 + len(c["pauses"])]:
                m = re.match(r"^  \S+\s+(\S+)  (.*)$", l.rstrip())
                got.append((m.group(1), m.group(2)) if m else None)
        exp = [(fmt_dur(p["duration_ns"]), p["reason"]) for p in c["pauses"]]
        if c["trigger"] and c["trigger"]["g"] is not None:
            tl = [l for l in lines if l.startswith("  started by   G%d" % c["trigger"]["g"])]
            if not tl or (c["trigger"]["user_frame"] and c["trigger"]["user_frame"] not in tl[0]):
                missing.append("started by G%d in %s" % (c["trigger"]["g"], c["trigger"]["user_frame"]))
        good = rc == 0 and not missing and got == exp
        if not good:
            print("# rc %d, missing %r\n# pauses %r, want %r" % (rc, missing, got, exp))
            for l in lines[:12]:
                print("#   " + l)
        ok(good, "%s: cycle %d's panel says what gc --json says" % (name, i + 1))

def blocked_check(trace):
    rc, out = jrun("goroutines", "--blocked", "--json", trace)
    groups = [json.loads(l) for l in out.splitlines()]
    rc2, s = screen(trace, ["2", "b"], "blocked")
    seen, cur = [], None
    for l in s.splitlines()[3:]:
        if l.startswith("\u2500"):
            break  # the stack preview's rule: the list has ended
        h = re.match(r"^[ >](\d+) x (.+?)(?:  in .*)?$", l.rstrip())
        g = re.match(r"^[ >]  G(\d+)\s", l)
        if h:
            cur = [int(h.group(1)), h.group(2), []]
            seen.append(cur)
        elif g and cur is not None:
            cur[2].append(int(g.group(1)))
    exp = [[x["count"], x["reason"], x["goroutines"]] for x in groups]
    good = rc == 0 and rc2 == 0 and seen == exp
    if not good:
        print("# viewer %r\n# json   %r" % (seen[:6], exp[:6]))
    ok(good, "%s: the viewer's blocked groups are goroutines --blocked --json's, in order (%d)"
       % (os.path.basename(trace), len(exp)))

def invariants(trace):
    rc, out = jrun("gc", "--json", trace)
    rc2, st = jrun("stats", "--json", trace)
    try:
        d, procs = json.loads(out), json.loads(st)["procs"]
    except ValueError:
        ok(False, "%s: gc --json and stats --json parse" % trace)
        return
    cur = d["mmu_curve"]
    bad = [c for c in d["cycles"] if not 0 <= c["assist_ns"] <= c["duration_ns"] * max(procs, 1)]
    mono = all(cur[k][0] < cur[k + 1][0] and cur[k][1] <= cur[k + 1][1] for k in range(len(cur) - 1))
    inrange = all(0 <= u <= 1 for _, u in cur)
    good = rc == 0 and not bad and len(cur) >= 10 and mono and inrange
    if not good:
        print("# rc %d, %d cycles over the assist bound, %d points, monotone %s" % (rc, len(bad), len(cur), mono))
    ok(good, "%s: assist_ns <= duration x %d Ps; mmu_curve >= 10 points, monotone"
       % (os.path.basename(trace), procs))

for check in (panel_checks, blocked_check):
    for t in fixtures:
        check(t)
    for t in big:
        if have_corpus:
            check(t)
        else:
            skip("no corpus at %s" % corpus)
for t in everything:
    invariants(t)
print("1..%d" % n)  # the plan last: the cycles compared depend on the traces
PY
