#!/bin/sh
# `gtview search`: counts against Go's reader.  For each trace of the
# corpus whose event stream Go's reader dumped (expected/dump: one event a
# line, with the innermost frame of its stack and of its transition's
# stack), the events a text matches and their goroutines are computed
# from the dump, by the rule of gt_model_find (model.h): an event matches
# when one of its strings (reason, range name, task or region type, log
# key or value, label) contains the text, or a frame of its stack or its
# transition's stack does, smart case; metric events and syncs are not
# searched; its goroutine is the transition's, else the event's.  The dump
# shows innermost frames only, so:
# - EXACT texts (strings with a space, which no function or file holds,
#   annotation names, and the runtime functions a blocking stack ends in,
#   runtime.chanrecv* and runtime.selectgo, which are innermost wherever
#   they appear: the runtime's frames below them are not traced) must
#   give Go's figures exactly, in both cases;
# - other texts (functions and files deeper in stacks) at least Go's.
# Then the exit statuses, windows that add up, and the listing against
# the counts.  Corpus parts skip when ../shared/corpus is absent.
# Under ASan (make asan) each gtview run costs a few tenths of a second
# before it searches, and the texts take the same search over the same
# events: there each trace runs every fourth text, a different quarter on
# each trace, a cover in which every text still runs on two traces or more
# and every trace (each format: v1, v2, text) on exact and at-least texts
# both; the plain build runs every text on every trace.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, re, shutil, subprocess, sys, tempfile
gt, corpus = sys.argv[1:3]
sys.path.insert(0, "tests")
from report_lib import ok, run, skip, jl
from hostile_lib import is_asan

QUOTED = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
FRAME = re.compile(r'(?:tstack=| @ )(\S+) (\S+):\d+')
STRINGS = ("reason", "name", "type", "key", "value", "label")

def unquote(s):
    try:
        return json.loads('"' + s + '"')
    except ValueError:
        return s

def parse(path):
    """(kind, owner goroutine or None, strings, innermost frames) per event."""
    evs = []
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        f = line.split()
        if len(f) < 2 or not f[0].lstrip("-").isdigit():
            continue
        g = int(re.search(r" G=(-?\d+)", line).group(1))
        owner = g if g >= 0 else None
        strs = [unquote(v) for k, v in QUOTED.findall(line) if k in STRINGS]
        body = QUOTED.sub("Q", line)
        if f[1] == "StateTransition":
            m = re.search(r" Goroutine (-?\d+) ", body)
            if m:
                owner = int(m.group(1))
        evs.append((f[1], owner, strs, FRAME.findall(body)))
    return evs

def contains(s, text):
    b = s.encode("utf-8", "surrogateescape")
    if not re.search("[A-Z]", text):
        b = bytes(c + 32 if 65 <= c <= 90 else c for c in b)
    return text.encode() in b

def go_counts(evs, text):
    n, gs = 0, set()
    for kind, owner, strs, frames in evs:
        if kind in ("Metric", "Sync"):
            continue
        if any(contains(s, text) for s in strs) or \
           any(contains(fn, text) or contains(fl, text) for fn, fl in frames):
            n += 1
            if owner is not None:
                gs.add(owner)
    return n, len(gs)

def gt_counts(trace, text):
    rc, out, err = run("search", "--count", "--json", text, trace)
    d = json.loads(out) if out.strip() else {}
    return rc, d

EXACT = ["chan receive", "Chan receive", "CHAN RECEIVE", "stop-the-world", "GC (", "gc (",
         "GC mark", "gc mark", "GC incremental", "chanrecv", "selectgo", "Selectgo",
         "task0", "region0", "unended region", "post-existing", "key0", "0123456789abcdef"]
AT_LEAST = ["runtime", "main", "gc", "mark", "sleep", "proc.go", "Region", "sync"]

tmp = tempfile.mkdtemp()
try:
    dumps = os.path.join(corpus, "expected", "dump")
    names = sorted(f[:-4] for f in os.listdir(dumps)) if os.path.isdir(dumps) else []
    if not names:
        skip("no corpus at %s" % corpus)
    texts = EXACT + AT_LEAST
    stride = 4 if is_asan(gt) else 1
    for k, name in enumerate(names):
        trace = None
        for d in ("v1", "v2", "servers"):
            p = os.path.join(corpus, d, name + ".trace")
            if os.path.exists(p):
                trace = p
        if not trace:
            src = os.path.join(corpus, "text", name + ".test")
            trace = os.path.join(tmp, name + ".trace")
            if run("assemble", src, trace)[0] != 0:
                ok(False, "%s: assembles" % name)
                continue
        evs = parse(os.path.join(dumps, name + ".txt"))
        bad = []
        mine = texts[k % stride::stride]
        for text in mine:
            want = go_counts(evs, text)
            rc, d = gt_counts(trace, text)
            got = (d.get("events"), d.get("goroutines"))
            if text in EXACT:
                good = got == want
            else:
                good = None not in got and got[0] >= want[0] and got[1] >= want[1]
            good = good and rc == (0 if got[0] else 1)
            if not good:
                bad.append("%r: Go %s, gtview %s (exit %d)" % (text, want, got, rc))
        for b in bad:
            print("# " + b)
        ok(not bad, "%s: events and goroutines of %d texts as Go's reader (%d exact)" %
           (name, len(mine), len([x for x in mine if x in EXACT])))

    # smart case: a text with an upper-case letter is case-sensitive
    small = os.path.join(corpus, "v2", "esbuild_small_go126.trace")
    demo = small if os.path.exists(small) else "tests/fixtures/demo.trace"
    lo, up, mixed = (gt_counts(demo, t)[1]["events"] for t in ("runtime", "RUNTIME", "Runtime"))
    ok(lo > 0 and up == 0 and mixed == 0, "smart case: runtime %d, RUNTIME %d, Runtime %d" % (lo, up, mixed))

    # exit statuses and the refused texts
    rc, out, err = run("search", "zzzq-no-such-text", demo)
    ok(rc == 1 and "0 events" in out, "nothing matched: exit 1")
    rc, out, err = run("search", "", demo)
    ok(rc == 2 and "empty TEXT" in err and not out, "an empty text: exit 2 with a message")
    rc, out, err = run("search", demo)
    ok(rc == 2 and "usage" in err, "no text: exit 2")
    rc, out, err = run("search", "--bogus", "x", demo)
    ok(rc == 2 and "unknown option" in err, "an unknown option: exit 2")
    rc, out, err = run("search", "--window", "5:1", "x", demo)
    ok(rc == 2, "a bad window: exit 2")
    rc, out, err = run("search", "--", "-x", demo)
    ok(rc in (0, 1) and '"-x"' in out, "a text that begins with '-' after --")

    # windows add up: events are instants, each in one window
    info = json.loads(run("stats", "--json", demo)[1])
    a, c = info["min_ts"], info["max_ts"] + 1
    b = (a + c) // 2
    adds = True
    for text in ("runtime", "chan receive", "GC"):
        w = [json.loads(run("search", "--count", "--json", "--window", win, text, demo)[1])
             for win in ("%d:%d" % (a, b), "%d:%d" % (b, c), "%d:%d" % (a, c))]
        whole = gt_counts(demo, text)[1]
        adds = adds and w[0]["events"] + w[1]["events"] == w[2]["events"] == whole["events"]
    ok(adds, "events over two adjacent windows add up to the whole trace's")

    # the listing: as many events and goroutines as the counts say, in
    # time order, each goroutine's count the number of its events
    rc, out, err = run("search", "--json", "chanrecv", demo)
    rows = jl(out)
    count = gt_counts(demo, "chanrecv")[1]
    evr = [r for r in rows if r["type"] == "event"]
    gor = [r for r in rows if r["type"] == "goroutine"]
    per = {}
    for r in evr:
        per[r["g"]] = per.get(r["g"], 0) + 1
    ok(rc == 0 and len(evr) == count["events"] and len(gor) == count["goroutines"] and
       [r["ts"] for r in evr] == sorted(r["ts"] for r in evr) and
       all(per.get(r["g"]) == r["events"] for r in gor) and
       all("chanrecv" in r["frame"]["func"] for r in evr if "frame" in r),
       "--json lists the counted events in time order with their frame, and the goroutines")
    rc, out, err = run("search", "chanrecv", demo)
    ok(rc == 0 and out.startswith('"chanrecv": %d events in %d goroutines' %
                                  (count["events"], count["goroutines"])) and
       "\nEVENTS (%d)\n" % count["events"] in out, "the text listing opens with the counts")
finally:
    shutil.rmtree(tmp, True)
print("1..%d" % __import__("report_lib")._n)
PY
