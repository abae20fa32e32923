#!/bin/sh
# The goroutine list before its index is built, and texts that can match
# goroutine ids (tui/goroutine_rows.c).  With the index held back
# (":index-ready N" makes the list see only its first N build steps):
# no signatures yet, the list shows every goroutine (the title's count)
# as they appeared and a filter waits; with the signatures but not the
# sort's order, the filter's rows in id order; once all is built, the
# rows of a list built with its index ready (the reference run).  A text
# asking ids ("12", "g1") is counted between keys, a share at a time:
# once settled, its rows and the title's count equal a brute-force
# match of "G<id>", start function, wait reason and innermost function
# over every listed goroutine (from `goroutines --json`).  A range marked
# while the index is held back shows its own rows, sorted, at once.
cd "$(dirname "$0")/.." || exit 1
exec python3 - <<'PY'
import os, re, sys
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, "tests")
from list_lib import list_setup, run_keys, json_lines
t, tmp, traces = list_setup(["demo.trace", "esbuild_go122.trace"])
ok = t.ok

def rows_of(path):
    return [tuple(l.split("\t")) for l in open(path, "rb").read().decode().splitlines()]

def title(path):
    return open(path, "rb").read().decode().splitlines()[1]

def p(name):
    return os.path.join(tmp, name)

for tr in traces:
    name = os.path.basename(tr)
    top = {j["g"]: j["top_frame"] for j in json_lines("goroutines", "--json", tr)}
    # the reference: the index waited for
    ref = [":wait-index " + p("ix"), "2", ":save-rows " + p("all"), "&", "1", "<Enter>",
           ":save-rows " + p("ref-id"), "s", ":save-rows " + p("ref-state")]
    err = run_keys(tmp, tr, ref)
    if err:
        ok(False, "%s: the reference run (%s)" % (name, err))
        continue
    script = [":index-ready 0", "2", ":save-rows " + p("r0"), ":save-screen " + p("s0"),
              "s", "&", "1", "<Enter>", ":save-rows " + p("r1"), ":save-screen " + p("s1"),
              ":index-ready 1", "j", ":save-rows " + p("r2"), ":save-screen " + p("s2"),
              ":index-ready all", "j", ":save-rows " + p("r3"), ":save-screen " + p("s3")]
    texts = ["12", "g1"]
    script += ["s"] * 5 + ["S"]  # by id descending (from state: five steps, S)
    for i, text in enumerate(texts):
        script += ["c", "&"] + list(text) + ["<Enter>", "G", ":save-rows " + p("t%d" % i),
                                                 ":save-screen " + p("ts%d" % i)]
    err = run_keys(tmp, tr, script)
    if err:
        ok(False, "%s: the viewer ran the script (%s)" % (name, err))
        continue
    allrows = rows_of(p("all"))
    r0 = rows_of(p("r0"))
    m = re.search(r"(\d+) of (\d+) goroutines", title(p("s0")))
    ok(m and int(m.group(1)) == int(m.group(2)) == len(r0) and
       {r[0] for r in allrows} <= {r[0] for r in r0} and "as they appeared" in title(p("s0")),
       "%s: before the signatures, every goroutine as they appeared (%d rows, %d listed)"
       % (name, len(r0), len(allrows)), title(p("s0")))
    ok(rows_of(p("r1")) == r0 and "as they appeared" in title(p("s1")),
       "%s: a sort and a filter typed then wait for the signatures" % name, title(p("s1")))
    ok(rows_of(p("r2")) == rows_of(p("ref-id")) and "until sorted" in title(p("s2")),
       "%s: with the signatures, the filter's rows in id order until the sort's order exists (%d rows)"
       % (name, len(rows_of(p("r2")))), title(p("s2")))
    ok(rows_of(p("r3")) == rows_of(p("ref-state")) and "indexing" not in title(p("s3")),
       "%s: once built, the rows of the reference run, sorted (%d rows)" % (name, len(rows_of(p("r3")))),
       title(p("s3")))
    for i, text in enumerate(texts):
        want = [r for r in reversed(allrows)
                if any(text in s.lower() for s in ("g" + r[0], r[4].lower(), r[5].lower(),
                                                     top.get(int(r[0]), "").lower()))]
        got = rows_of(p("t%d" % i))
        m = re.search(r"(\d+) of \d+ goroutines", title(p("ts%d" % i)))
        ok(got == want and m and int(m.group(1)) == len(want) and "at least" not in title(p("ts%d" % i)),
           "%s: text %r counted between keys: rows and count equal a brute-force match (%d)"
           % (name, text, len(want)), "%d rows, title %r" % (len(got), title(p("ts%d" % i))))
    # a marked range's rows come with their own orders (built on the
    # signatures): with the index held back they are the rows of the
    # same range with the index ready, sorted; c goes back to the early
    # list of the whole trace
    mark = ["1", "l" * 30 + "m", "l" * 10 + "m", "2", "s"]
    err = run_keys(tmp, tr, [":wait-index " + p("ix2")] + mark + [":save-rows " + p("wref")]) or \
        run_keys(tmp, tr, [":index-ready 0"] + mark + [":save-rows " + p("w0"), ":save-screen " + p("ws0"),
                                                       "c", ":save-screen " + p("ws1")])
    if err:
        ok(False, "%s: the range scripts ran (%s)" % (name, err))
        continue
    wref = rows_of(p("wref"))
    ok(wref and rows_of(p("w0")) == wref and "; in " in title(p("ws0")) and "indexing" not in title(p("ws0")),
       "%s: a marked range's rows before the index is built: those with it (%d rows)" % (name, len(wref)),
       title(p("ws0")))
    ok("as they appeared" in title(p("ws1")) and "; in " not in title(p("ws1")),
       "%s: c then shows the whole trace's early list" % name, title(p("ws1")))
t.done()
PY
