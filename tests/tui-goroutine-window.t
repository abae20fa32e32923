#!/bin/sh
# tui-goroutine-window.t: the goroutine list (2) and its groups (F)
# narrowed to a range marked on the timeline (m, motion, m), headless.
# The range's --window is read from its statistics, then the list must
# hold exactly the rows and running/waiting figures of `gtview goroutines
# --window FROM:TO --json`, F the groups of `--by-func --window --json`,
# every sort order both ways (ties by id), the state filter, the text
# filter and b must keep the narrowed rows (what they keep over the whole
# trace, within the range), Enter on a group its goroutines in the range,
# a second range marked at once replace the first, and c show the whole
# trace again.  On fixtures, and on corpus traces when
# ../shared/corpus is there.  A golden dump of the narrowed list.
. "$(cd "$(dirname "$0")" && pwd)/tools/screen-lib.sh"
cp "$here/fixtures/v1/basic_go119.trace" "$t/basic.trace"
cd "$t" || exit 1
corpus=${GT_CORPUS:-$here/../../shared/corpus}

# 1-2: the narrowed list on screen, its title and figures; a golden dump
l30=$(printf 'l%.0s' $(seq 30))
l10=$(printf 'l%.0s' $(seq 10))
shot narrow 100 30 basic.trace "${l30}m" "${l10}m" 2
ok=$?
shot rng 100 50 basic.trace "${l30}m" "${l10}m"
w=$(sed -n 's/.*--window \([0-9]*:[0-9]*\)`.*/\1/p' rng.screen)
[ -n "$w" ] || { echo "# no window in the range's statistics"; ok=1; }
"$GTVIEW" goroutines --json --window "$w" basic.trace >win.json
nwin=$(wc -l <win.json)
grep -Eq "^$nwin of $nwin goroutines; in [0-9.]+s-[0-9.]+s \(c: the whole trace\)" narrow.screen ||
	{ echo "# no title for $nwin goroutines in the range"; sed 's/^/#   /' narrow.screen; ok=1; }
PYTHONPATH="$here" python3 - win.json narrow.screen <<'PY' || ok=1
import json, re, sys
from report_lib import fmt_dur
want = {j["g"]: j for j in map(json.loads, open(sys.argv[1]))}
seen = 0
for l in open(sys.argv[2]):
    m = re.match(r"^[ >]G(\d+)\s+\S+\s+(\S+)\s+(\S+)", l)
    if not m:
        continue
    j = want.get(int(m.group(1)))
    if not j or (m.group(2), m.group(3)) != (fmt_dur(j["running_ns"]), fmt_dur(j["waiting_ns"])):
        sys.exit("# row %r: not %r" % (l.rstrip(), j))
    seen += 1
if not seen:
    sys.exit("# no goroutine row on screen")
PY
check $ok "2 after m...m: the range's goroutines with their running and waiting time in it"
golden narrow
check $? "the narrowed list matches the golden dump"

# 3-: every row, order and filter against the reports, per trace
traces="basic.trace $here/fixtures/demo.trace $here/fixtures/esbuild_go122.trace"
# corpus traces: skipped (TAP skip) when ../shared/corpus is absent
traces="$traces $corpus/v1/stress_1_19_good.trace $corpus/v2/esbuild_watch_go126.trace"
python3 - "$GTVIEW" "$t" $traces <<'PY'
import json, os, re, subprocess, sys
gt, tmp, traces = sys.argv[1], sys.argv[2], sys.argv[3:]
n = 2
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))

env = dict(os.environ, LINES="50", COLUMNS="200")
marks = ["l" * 60 + "m", "l" * 25 + "m"]

def run(trace, keys):
    """Runs the viewer headless on keys; returns the files the keys saved."""
    script = os.path.join(tmp, "script")
    open(script, "w").write("\n".join(keys) + "\n")
    r = subprocess.run([gt, trace], env=dict(env, GTVIEW_SCRIPT=script),
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
    if r.returncode:
        print("# %s: exit %d: %s" % (trace, r.returncode, r.stderr.decode()[:300]))
    return r.returncode == 0

def rows(name):
    """A :save-rows file: goroutine rows [id, state, run, wait, reason, func]
    and group lines."""
    out = []
    for l in open(os.path.join(tmp, name)).read().splitlines():
        f = l.split("\t")
        if f[0].startswith("group"):
            out.append(("group",) + tuple(f[1:]))
        else:
            out.append((int(f[0]), int(f[1]), int(f[2]), int(f[3]), f[4], f[5]))
    return out

def save(name):
    return ":save-rows %s" % os.path.join(tmp, name)

cols = [(False, 0), (False, 1), (True, 2), (True, 3), (False, 4), (False, 5)]  # as s steps
for tr in traces:
    name = os.path.basename(tr)
    if not os.path.exists(tr):
        n += 1
        print("ok %d # SKIP no %s (no corpus)" % (n, tr))
        continue
    if not run(tr, marks + [":save-screen " + os.path.join(tmp, "rng.screen")]):
        ok(False, "%s: the range's statistics" % name)
        continue
    m = re.search(r"--window (\d*:\d*)`", open(os.path.join(tmp, "rng.screen")).read())
    w = m.group(1)
    win = [json.loads(l) for l in subprocess.run([gt, "goroutines", "--json", "--window", w, tr],
                                                  capture_output=True, text=True).stdout.splitlines()]
    whole = [json.loads(l) for l in subprocess.run([gt, "goroutines", "--json", tr],
                                                    capture_output=True, text=True).stdout.splitlines()]
    groups = [json.loads(l) for l in subprocess.run([gt, "goroutines", "--by-func", "--json", "--window", w, tr],
                                                     capture_output=True, text=True).stdout.splitlines()]
    blocked = [json.loads(l) for l in subprocess.run([gt, "goroutines", "--blocked", "--json", tr],
                                                      capture_output=True, text=True).stdout.splitlines()]
    ids = {j["g"] for j in win}
    keys = marks + ["2", save("id")]
    for i in range(len(cols)):
        keys += [save("c%d-a" % i), "S", save("c%d-b" % i), "S", "s"]
    keys += ["f", save("f-runnable"), "f", "f", save("f-waiting")]  # Runnable, Running, Waiting
    runs = [keys, marks + ["2", "&main<Enter>", save("text")], ["2", "&main<Enter>", save("text-whole")],
            marks + ["2", "b", save("blocked"), "b", "F", save("groups"), "<Enter>", save("members"),
                     "<Escape>", "c", save("cleared")]]
    if not all(run(tr, k) for k in runs):
        ok(False, "%s: the viewer ran the scripts" % name)
        continue
    got = [(r[0], r[2], r[3]) for r in rows("id")]
    exp = [(j["g"], j["running_ns"], j["waiting_ns"]) for j in win]
    ok(got == exp and exp, "%s --window %s: the %d rows and their running/waiting time are "
       "goroutines --window's" % (name, w, len(exp)))
    if got != exp:
        print("# viewer %r\n# json   %r" % (got[:5], exp[:5]))
    good = True
    for i, (desc0, field) in enumerate(cols):
        for half, desc in (("a", desc0), ("b", not desc0)):
            rs = rows("c%d-%s" % (i, half))
            g = sorted(r[0] for r in rs) == sorted(ids)
            for x, y in zip(rs, rs[1:]):
                kx, ky = x[field], y[field]
                g = g and (x[0] < y[0] if kx == ky else (kx > ky) == desc)
            if not g:
                print("# column %d %s: %r" % (i, "descending" if desc else "ascending", rs[:6]))
            good = good and g
    ok(good, "%s: every column sorts the range's rows both ways, ties by id" % name)
    fr = [r[0] for r in rows("f-runnable")]
    fw = [r[0] for r in rows("f-waiting")]
    ok(fr == [j["g"] for j in win if j["end_state"] == "Runnable"] and
       fw == [j["g"] for j in win if j["end_state"] == "Waiting"],
       "%s: the state filter keeps the range's Runnable (%d) and Waiting (%d) ones" % (name, len(fr), len(fw)))
    tw = [r[0] for r in rows("text-whole")]
    tn = [r[0] for r in rows("text")]
    ok(tn == [g for g in tw if g in ids], "%s: & keeps the range's rows it keeps over the whole trace (%d)"
       % (name, len(tn)))
    # b: the blocked groups, each with its goroutines in the range, none empty
    exp_b = []
    for b in blocked:
        mem = [g for g in b["goroutines"] if g in ids]
        if mem:
            exp_b.append(sorted(mem))
    got_b = []
    for r in rows("blocked"):
        if r[0] == "group":
            got_b.append([])
        else:
            got_b[-1].append(r[0])
    ok(got_b == exp_b, "%s: b groups the range's goroutines blocked at the end (%d groups)" % (name, len(exp_b)))
    gr = [r for r in rows("groups") if r[0] == "group"]
    got_g = sorted((r[2], int(r[1]), int(r[3]), int(r[4]), int(r[5]), int(r[6])) for r in gr)
    exp_g = sorted((x["start_func"], x["count"], x["running_ns"], x["runnable_ns"], x["syscall_ns"],
                    x["waiting_ns"]) for x in groups)
    tot = [sum(map(int, r[3:7])) for r in gr]
    ok(got_g == exp_g and tot == sorted(tot, reverse=True),
       "%s: F shows goroutines --by-func --window's %d groups, most time first" % (name, len(exp_g)))
    if got_g != exp_g:
        print("# viewer %r\n# json   %r" % (got_g[:4], exp_g[:4]))
    first = gr[0][2] if gr else None
    mem = [r[0] for r in rows("members")]
    ok(gr and mem == [j["g"] for j in win if j["start_func"] == first],
       "%s: Enter on the first group lists its %d goroutines in the range" % (name, len(mem)))
    # a second range marked at once (the first one's rows still being
    # built, and dropped): the list follows the second
    again = ["1", "h" * 15 + "m", "l" * 5 + "m"]
    if run(tr, marks + again + [":save-screen " + os.path.join(tmp, "rng2.screen"), "2", save("second")]):
        w2 = re.search(r"--window (\d*:\d*)`", open(os.path.join(tmp, "rng2.screen")).read()).group(1)
        exp2 = [(json.loads(l)["g"], json.loads(l)["running_ns"], json.loads(l)["waiting_ns"]) for l in
                subprocess.run([gt, "goroutines", "--json", "--window", w2, tr], capture_output=True,
                               text=True).stdout.splitlines()]
        ok(w2 != w and [(r[0], r[2], r[3]) for r in rows("second")] == exp2,
           "%s: a range marked again at once: the rows of the second (--window %s, %d rows)" % (name, w2, len(exp2)))
    else:
        ok(False, "%s: a range marked again at once" % name)
    # a range over all but the last column: most rows have the times they
    # have in the trace, those alive at its end have their own
    most = ["gg", "m", "G", "h", "m"]
    keys = most + [":save-screen " + os.path.join(tmp, "rngm.screen"), "2"]
    for i in range(len(cols)):
        keys += [save("m%d-a" % i), "S", save("m%d-b" % i), "S", "s"]
    if run(tr, keys):
        wm = re.search(r"--window (\d*:\d*)`", open(os.path.join(tmp, "rngm.screen")).read()).group(1)
        expm = [(json.loads(l)["g"], json.loads(l)["running_ns"], json.loads(l)["waiting_ns"]) for l in
                subprocess.run([gt, "goroutines", "--json", "--window", wm, tr], capture_output=True,
                               text=True).stdout.splitlines()]
        bykey = {e[0]: e for e in expm}
        good = sorted((r[0], r[2], r[3]) for r in rows("m0-a")) == sorted(expm) and expm
        for i, (desc0, field) in enumerate(cols):
            for half, desc in (("a", desc0), ("b", not desc0)):
                rs = rows("m%d-%s" % (i, half))
                g = sorted(r[0] for r in rs) == sorted(bykey) and all(
                    (r[0], r[2], r[3]) == bykey[r[0]] for r in rs)
                for x, y in zip(rs, rs[1:]):
                    kx, ky = x[field], y[field]
                    g = g and (x[0] < y[0] if kx == ky else (kx > ky) == desc)
                good = good and g
        ok(good, "%s: a range over all but the last column (--window %s, %d rows, %d with times of their "
           "own): every column sorts its rows both ways, ties by id" % (name, wm, len(expm), sum(
               1 for j in whole if j["g"] in bykey and (j["running_ns"], j["waiting_ns"]) != bykey[j["g"]][1:])))
    else:
        ok(False, "%s: a range over all but the last column" % name)
    # the selected goroutine stays selected when the sort changes (a time
    # column descending, with uneven runs of equal times, too)
    for where, pre in (("the range's rows", marks), ("the whole trace", [])):
        shots = [os.path.join(tmp, "sel%d.screen" % k) for k in range(4)]
        sel = []
        if run(tr, pre + ["2", "j", "j", "j", ":save-screen " + shots[0], "s", "s", ":save-screen " + shots[1],
                          "S", ":save-screen " + shots[2], "s", ":save-screen " + shots[3]]):
            for f in shots:
                m = re.search(r"^>G(\d+) ", open(f).read(), re.M)
                sel.append(m and int(m.group(1)))
        ok(len(sel) == 4 and sel[0] is not None and sel.count(sel[0]) == 4,
           "%s: the selection stays on G%s through the sorts of %s" % (name, sel[:1], where))
    cl = [r[0] for r in rows("cleared")]
    ok(cl == [j["g"] for j in whole], "%s: c goes back to the whole trace's %d rows" % (name, len(cl)))
print("1..%d" % n)
PY
