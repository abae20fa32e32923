#!/bin/sh
# The goroutine list's filters (tui/goroutine_rows.c: decided per
# signature, rows found as far as the screen needs, texts typed on narrow
# the rows found): for several sorts, a text typed a character at a time
# (texts that match functions and reasons, goroutine ids as "G12" and
# "12", everything, nothing), the state filter, and the blocked filter's
# groups, the rows saved with :save-rows after each key are exactly the
# rows of the unfiltered list, in its order, that the filter keeps: a
# case-insensitive match of "G<id>", the start function, the wait reason
# or the end stack's innermost function (from `goroutines --json`).
cd "$(dirname "$0")/.." || exit 1
exec python3 - <<'PY'
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, "tests")
from list_lib import BIG, list_setup, run_keys, json_lines
t, tmp, traces = list_setup(["demo.trace", "blocked_go119.trace", "esbuild_go122.trace"])
ok = t.ok
# (keys choosing the sort from the default, its name)
sorts = [([], "id"), (["s", "s"], "running descending"), (["s"] * 5, "start function"),
         (["s", "s", "s", "S"], "waiting ascending")]
texts = ["g12", "34", "Runtime.G", "chan r", "g", "qqzq"]
WAITING = 4  # enum gt_gostate

def rows_of(path):
    out = []
    for line in open(path, "rb").read().decode().splitlines():
        if line.startswith("group "):
            out.append(("group",))
            continue
        f = line.split("\t")
        out.append((int(f[0]), int(f[1]), f[4], f[5]))
    return out

for tr in traces:
    name = os.path.basename(tr)
    top = {j["g"]: j["top_frame"] for j in json_lines("goroutines", "--json", tr)}
    def match(r, text):
        text = text.lower()
        return any(text in s.lower() for s in ("G%d" % r[0], r[3], r[2], top.get(r[0], "")))
    script, checks = [], []
    # the big trace (slow to save whole): two sorts, three texts
    few = tr == BIG
    def save(what):
        f = "%s/%d" % (tmp, len(checks))
        script.append(":save-rows " + f)
        checks.append((f, what))
    for keys, sname in sorts[:2] if few else sorts:
        script.append("2")
        script.extend(keys)
        save(("base", sname))
        for text in (texts[:2] + texts[3:4]) if few else texts:
            script.append("&")
            for i in range(1, len(text) + 1):
                script.append(text[i - 1] if text[i - 1] != " " else "<Space>")
                save(("text", sname, text[:i]))
            script.append("<Enter>")
            save(("text", sname, text))
            script.append("c")
        # the state filter: runnable, running, waiting, syscall, notexist
        for st in (2, 3, 4, 5, 1):
            script.append("f")
            save(("state", sname, st))
        script.append("c")
        # the blocked filter, with a text
        script.append("b")
        save(("blocked", sname, ""))
        script.extend(["&", "r", "<Enter>"])
        save(("blocked", sname, "r"))
        script.extend(["c", "1"])
    err = run_keys(tmp, tr, script)
    if err:
        ok(False, "%s: the viewer ran the script (%s)" % (name, err))
        continue
    base = {}
    bad = {}
    for f, what in checks:
        got = rows_of(f)
        kind, sname = what[0], what[1]
        if kind == "base":
            base[sname] = got
            continue
        b = base[sname]
        if kind == "text":
            want = [r for r in b if match(r, what[2])]
        elif kind == "state":
            want = [r for r in b if r[1] == what[2]]
        else:
            # members of the groups, in the list's order within each group
            want_set = sorted(r for r in b if r[1] == WAITING and match(r, what[2]))
            members = [r for r in got if r != ("group",)]
            pos = {r: i for i, r in enumerate(b)}
            groups, cur = [], None
            for r in got:
                if r == ("group",):
                    cur = []
                    groups.append(cur)
                elif cur is not None:
                    cur.append(pos.get(r, -1))
            good = sorted(members) == want_set and all(g and g == sorted(g) for g in groups) \
                and (not got or got[0] == ("group",))
            if not good:
                bad.setdefault(kind, "%s by %s %r: %d rows in %d groups, want %d goroutines"
                               % (kind, sname, what[2], len(members), len(groups), len(want_set)))
            continue
        if got != want:
            bad.setdefault(kind, "%s by %s %r: %d rows, want %d" % (kind, sname, what[2], len(got), len(want)))
    for kind, what in (("text", "each text, after each character"), ("state", "each state"),
                       ("blocked", "the blocked groups (with a text)")):
        n = sum(1 for _, w in checks if w[0] == kind)
        ok(kind not in bad and n > 0, "%s: %s: the rows the filter keeps, in the list's order (%d lists)"
           % (name, what, n), bad.get(kind))
t.done()
PY
