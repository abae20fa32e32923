#!/bin/sh
# The goroutine list's order (tui/goroutine_rows.c: id order from the
# model, a radix sort for the other columns): for every column, both
# directions, on one thread and two, the rows saved with :save-rows are
# every goroutine with a state interval, sorted by the column with ties by
# id ascending (strings in byte order, as strcmp); and a goroutine
# selected deep in the list stays selected through every sort.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
export TERM=xterm-256color LC_ALL=C.UTF-8 LINES=50 COLUMNS=200
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
python3 - "$GTVIEW" "$t" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, subprocess, sys
gt, tmp, corpus = sys.argv[1:4]
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
from hostile_lib import gtview_tap
t = gtview_tap()
ok = t.ok
traces = ["tests/fixtures/demo.trace", "tests/fixtures/blocked_go119.trace",
          "tests/fixtures/esbuild_go122.trace"]
big = os.path.join(corpus, "v2", "esbuild_watch_go126.trace")  # 138 k goroutines
if os.path.exists(big):
    traces.append(big)
# columns in the order `s` steps through them, with the direction each
# starts in (times descending) and the row field it sorts by
cols = [("goroutine", False, 0), ("state", False, 1), ("running", True, 2),
        ("waiting", True, 3), ("reason", False, 4), ("start function", False, 5)]
for tr in traces:
    script = ["2"]
    for i, col in enumerate(cols):
        script.append(":save-rows %s/%d-a" % (tmp, i))
        script.append("S")
        script.append(":save-rows %s/%d-b" % (tmp, i))
        script.append("S")
        script.append("s")
    open(os.path.join(tmp, "script"), "w").write("\n".join(script) + "\n")
    p = subprocess.run([gt, "goroutines", "--json", tr], capture_output=True)
    want = sorted(json.loads(l)["g"] for l in p.stdout.decode().splitlines())
    saved = {}
    for threads in ("1", "2"):
        env = dict(os.environ, GTVIEW_SCRIPT=os.path.join(tmp, "script"), GTVIEW_LOAD_THREADS=threads)
        r = subprocess.run([gt, tr], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if r.returncode != 0:
            ok(False, "%s: the viewer ran the script (%s)" % (tr, r.stderr.decode()[:200]))
            continue
        for i, (name, desc0, field) in enumerate(cols):
            for half, desc in (("a", desc0), ("b", not desc0)):
                raw = open("%s/%d-%s" % (tmp, i, half), "rb").read()
                saved[(threads, i, half)] = raw
                rows = [l.split(b"\t") for l in raw.splitlines()]
                def key(r):
                    v = r[field] if field >= 4 else int(r[field])
                    return v
                ids = [int(r[0]) for r in rows]
                good = sorted(ids) == want
                for x, y in zip(rows, rows[1:]):
                    kx, ky = key(x), key(y)
                    if kx == ky:
                        good = good and int(x[0]) < int(y[0])
                    else:
                        good = good and ((kx > ky) if desc else (kx < ky))
                ok(good, "%s (%s thread%s): by %s %s, ties by id"
                   % (os.path.basename(tr), threads, "" if threads == "1" else "s", name,
                      "descending" if desc else "ascending"))
    ok(all(saved.get(("1",) + k[1:]) == v for k, v in saved.items() if k[0] == "2") and saved,
       "%s: the same rows on one thread and two" % os.path.basename(tr))
    # a goroutine selected deep in the list stays selected through every
    # sort and direction (the place of a goroutine in each order, found
    # by search: tui_gindex_find)
    script = ["2"] + ["<PageDown>"] * 7 + ["j"] * 5
    for i in range(len(cols)):
        script += [":save-screen %s/sel-%d-a" % (tmp, i), "S", ":save-screen %s/sel-%d-b" % (tmp, i), "S", "s"]
    open(os.path.join(tmp, "script"), "w").write("\n".join(script) + "\n")
    env = dict(os.environ, GTVIEW_SCRIPT=os.path.join(tmp, "script"))
    r = subprocess.run([gt, tr], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sel = []
    for i in range(len(cols)):
        for half in "ab":
            lines = open("%s/sel-%d-%s" % (tmp, i, half), "rb").read().decode().splitlines()
            sel.append([l.split()[0] for l in lines if l.startswith(">G")])
    ok(r.returncode == 0 and all(len(x) == 1 for x in sel) and len({x[0] for x in sel}) == 1,
       "%s: the selected goroutine stays selected through every sort" % os.path.basename(tr),
       str(sel))
t.done()
PY
