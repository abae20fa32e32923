#!/bin/sh
# model-mmu-go119.t: `gtview gc --json`'s MMU at 1, 10 and 100 ms against
# Go 1.19's own (`go tool trace`, its /mmuDetails page: the worst windows
# of a width, with the STW, background worker and assist flags its MMU
# page uses by default), on the corpus's old-format traces Go 1.19 reads.
#
# Where the figures cannot agree, and why (so those are not compared):
# - a window as wide as the trace: Go's utilization starts at the trace's
#   first Gomaxprocs event, which Go's later reader (x/exp/trace, whose
#   events gtview delivers) does not deliver: the means differ by the few
#   microseconds before it;
# - a trace where a mark assist ends whose start came before the trace:
#   Go 1.19 (internal/trace/gc.go) then decrements that P's GC count below
#   zero, so the GC work on that P later goes uncounted;
# - Go 1.19 keeps, of several events at one timestamp, the lowest
#   utilization among them until its next event; with equal timestamps
#   in either order the figures agree to 1e-4, not to the last digit.
set -u
: "${GTVIEW:?run through make test}"
here=$(cd "$(dirname "$0")" && pwd)
exec python3 - "$GTVIEW" "$here/../../shared/corpus" /usr/lib/go-1.19/bin/go <<'PY'
import json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request
gt, corpus, go = sys.argv[1:4]
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, what))
def skip(why):
    global n
    n += 1
    print("ok %d # SKIP %s" % (n, why))

if not os.path.isdir(corpus) or not os.access(go, os.X_OK):
    print("1..1")
    skip("needs %s and Go 1.19 at %s" % (corpus, go))
    sys.exit(0)

# headers Go 1.19 reads with symbols from the file itself (1.7 to 1.19)
traces = sorted(f for f in os.listdir(os.path.join(corpus, "v1"))
                if f.endswith(".trace") and not any(v in f for v in ("_1_5_", "_1_21_", "unordered")))
tmp = tempfile.TemporaryDirectory()

# `go tool trace` runs the trace tool as a child of its own: killing go
# leaves it (and a server) running.  Each runs in a process group of its
# own, killed whole; the groups are checked empty at the end.
groups = []

def start(args, **kw):
    p = subprocess.Popen(args, start_new_session=True, **kw)
    groups.append(p.pid)
    return p

def stop(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()

def left():
    """Processes still in the groups started here."""
    out = []
    for d in os.listdir("/proc"):
        try:
            with open("/proc/%s/stat" % d) as f:
                st = f.read()
        except OSError:
            continue
        fields = st[st.rindex(")") + 2:].split()
        if int(fields[2]) in groups and fields[0] != "Z":
            out.append(d)
    return out

def assist_before_trace(path):
    """A mark assist that ends with no start in the trace (Go's -d)."""
    p = start([go, "tool", "trace", "-d", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        out = p.communicate(timeout=300)[0]
    finally:
        stop(p)
    started = set()
    for line in out.splitlines():
        f = line.split()
        if len(f) > 3 and f[1] in ("GCMarkAssistStart", "GCMarkAssistDone"):
            g = next((x for x in f[2:] if x.startswith("g=")), None)
            if f[1] == "GCMarkAssistStart":
                started.add(g)
            elif g not in started:
                return True
    return False

def go_mmu(path, windows):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    env = dict(os.environ, BROWSER="true", HOME=tmp.name)
    p = start([go, "tool", "trace", "-http=127.0.0.1:%d" % port, path],
              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        base = "http://127.0.0.1:%d" % port
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                if p.poll() is not None:
                    return None
                time.sleep(0.1)
        res = {}
        for w in windows:
            url = "%s/mmuDetails?window=%d&flags=stw|background|assist" % (base, w)
            worst = json.load(urllib.request.urlopen(url, timeout=300))
            res[w] = min(x["MutatorUtil"] for x in worst) if worst else 1.0
        return res
    finally:
        stop(p)

names = {1000000: "1ms", 10000000: "10ms", 100000000: "100ms"}
compared = 0
for f in traces:
    path = os.path.join(corpus, "v1", f)
    d = json.loads(subprocess.run([gt, "gc", "--json", path], capture_output=True, text=True).stdout)
    whole = d["mmu_curve"][-1][0] if d["mmu_curve"] else 0
    if assist_before_trace(path):
        skip("%s: an assist ends that began before the trace (Go 1.19's count goes negative)" % f)
        continue
    windows = [w for w in names if w < whole]
    if not windows:
        skip("%s: shorter than 1 ms" % f)
        continue
    theirs = go_mmu(path, windows)
    if theirs is None:
        ok(False, "%s: go tool trace serves its MMU" % f)
        continue
    diff = {names[w]: (d["mmu"][names[w]], round(theirs[w], 6)) for w in windows}
    good = all(abs(a - b) <= 1e-4 for a, b in diff.values())
    if not good:
        print("# gtview, Go 1.19: %r" % diff)
    compared += len(windows)
    ok(good, "%s: MMU at %s as Go 1.19's" % (f, ", ".join(names[w] for w in windows)))
ok(compared >= 15, "%d window widths compared" % compared)
for _ in range(50):  # SIGKILL is delivered, not awaited
    if not left():
        break
    time.sleep(0.1)
ok(groups and not left(), "no go tool trace process left of the %d started (left: %s)" % (len(groups), left()))
print("1..%d" % n)
PY
