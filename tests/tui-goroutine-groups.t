#!/bin/sh
# The goroutine list grouped by start function (F; tui/view_gfuncs.c):
# its groups carry the figures of `gtview goroutines --by-func --json`
# (one model query) and come most time first; Enter on a group lists
# exactly the goroutines of `goroutines --json` with that start function,
# in id order (also after a sort and back), and Esc comes back to the
# groups with the same group selected.  On fixtures and a corpus trace.
cd "$(dirname "$0")/.." || exit 1
exec python3 - <<'PY'
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, "tests")
from list_lib import list_setup, run_keys, json_lines
t, tmp, traces = list_setup(["demo.trace", "blocked_go119.trace"], 40, 160)
ok = t.ok

for tr in traces:
    name = os.path.basename(tr)
    want = {}
    for j in json_lines("goroutines", "--by-func", "--json", tr):
        want[j["start_func"]] = (j["count"], j["running_ns"], j["runnable_ns"], j["syscall_ns"], j["waiting_ns"])
    ids = {}
    for j in json_lines("goroutines", "--json", tr):
        ids.setdefault(j["start_func"], []).append(j["g"])
    # the groups; then groups 0, 1, 3 opened (by id, then sorted by
    # running time and back), each followed by Esc
    script = ["2", "F", ":save-rows %s/groups" % tmp]
    opened = [0, 1, 3]
    for i in opened:
        script += ["gg"] + ["j"] * i + ["<Enter>", ":save-rows %s/open%d" % (tmp, i),
                   "s", "s", "s", "s", "s", "s", ":save-rows %s/resort%d" % (tmp, i),
                   "<Escape>", ":save-screen %s/back%d" % (tmp, i)]
    err = run_keys(tmp, tr, script)
    if err:
        ok(False, "%s: the viewer ran the script (%s)" % (name, err))
        continue
    rows = [l.split("\t") for l in open(os.path.join(tmp, "groups")).read().splitlines()]
    got = {f[2]: tuple(int(x) for x in (f[1], f[3], f[4], f[5], f[6])) for f in rows}
    ok(got == want and len(rows) == len(want), "%s: F: %d groups with the figures of goroutines --by-func"
       % (name, len(rows)), "got %d groups, want %d" % (len(got), len(want)))
    totals = [sum(int(x) for x in f[3:7]) for f in rows]
    ok(totals == sorted(totals, reverse=True), "%s: the groups come most time first" % name)
    good, why = True, ""
    for i in opened:
        if i >= len(rows):
            continue
        fn = rows[i][2]
        members = [int(l.split("\t")[0]) for l in open("%s/open%d" % (tmp, i)).read().splitlines()]
        resorted = [int(l.split("\t")[0]) for l in open("%s/resort%d" % (tmp, i)).read().splitlines()]
        back = open("%s/back%d" % (tmp, i)).read().splitlines()
        sel = [l for l in back if l.startswith(">")]
        if members != sorted(ids.get(fn, [])) or len(members) != int(rows[i][1]):
            good, why = False, "group %d (%s): %d goroutines, want %d" % (i, fn, len(members), len(ids.get(fn, [])))
        elif sorted(resorted) != members:
            good, why = False, "group %d: other goroutines after a sort" % i
        elif len(sel) != 1 or not sel[0].rstrip().endswith(fn[-40:]):
            good, why = False, "group %d: not selected after Esc: %r" % (i, sel)
    ok(good, "%s: Enter lists a group's goroutines (by id, and sorted), Esc comes back to it" % name, why)
t.done()
PY
