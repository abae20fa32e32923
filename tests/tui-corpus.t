#!/bin/sh
# tui-corpus.t: the viewer against Go's own figures (../shared/corpus,
# expected/oracle): for each real trace, the blocked filter (b) lists
# exactly the goroutines Go's parser finds blocked at the end, each with
# its reason (where Go's last transition has one), and the state filter (f) counts goroutines by final state as
# Go does.  Headless (GTVIEW_SCRIPT) on a screen tall enough for every row.
if [ ! -d "$GT_CORPUS/expected/oracle" ]; then
	echo "1..0 # SKIP no corpus"
	exit 0
fi
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
export TERM=xterm-256color TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR
python3 - "$GTVIEW" "$GT_CORPUS" "$t" <<'PY'
import json, os, re, subprocess, sys

gtview, corpus, tmp = sys.argv[1:4]
names = ["esbuild_small_go126", "esbuild_watch_go122", "esbuild_watch_go126",
         "http_1_19_good", "stress_1_21_good", "user_task_region_1_21_good",
         "prometheus_go119", "etcd_go119", "buf_lsp_go127"]
cases = []
for n in names:
    for d in ("v2", "v1", "servers"):
        p = os.path.join(corpus, d, n + ".trace")
        if os.path.exists(p):
            cases.append((n, p, json.load(open(os.path.join(corpus, "expected/oracle", n + ".json")))))
            break
old = os.path.join(corpus, "v1", "stress_1_5_good.trace")
print("1..%d" % (2 * len(cases) + (1 if os.path.exists(old) else 0)))

def screen(trace, keys, rows=3000, cols=200):
    script = os.path.join(tmp, "keys")
    out = os.path.join(tmp, "screen")
    with open(script, "w") as f:
        f.write("\n".join(keys) + "\n:save-screen %s\n" % out)
    env = dict(os.environ, GTVIEW_SCRIPT=script, LINES=str(rows), COLUMNS=str(cols))
    r = subprocess.run([gtview, trace], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    return open(out, encoding="utf-8").read(), ""

n = 0
def check(ok, what, why=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and why:
        for line in why.splitlines()[:20]:
            print("# " + line)

states = {"Runnable": "f", "Running": "ff", "Waiting": "fff", "Syscall": "ffff", "NotExist": "fffff"}
for name, path, o in cases:
    s, err = screen(path, ["2", "b"])
    why = []
    if s is None:
        check(False, "%s: blocked filter" % name, err)
    else:
        m = re.search(r"Blocked at the end: (\d+) of", s)
        if not m or int(m.group(1)) != len(o["blocked_at_end"]):
            why.append("count %s, Go says %d" % (m and m.group(1), len(o["blocked_at_end"])))
        rows = {}
        at = 0
        for line in s.splitlines():
            if not at and " reason " in line and "start function" in line:
                at = line.index(" reason ") + 1
            r = re.match(r"^[ >]  G(\d+) +Waiting ", line)
            if r and at:  # the reason column: 17 characters under its
                # header, a reason cut short ends in an ellipsis
                rows[int(r.group(1))] = line[at:at + 17].rstrip().rstrip("…")
        for b in o["blocked_at_end"]:
            got = rows.get(b["g"])
            if got is None:
                why.append("G%d missing" % b["g"])
            elif b["reason"] and not b["reason"].startswith(got):
                # Go's figure is the last transition's reason; when that is
                # a status report ("") the viewer shows why it began to wait
                why.append("G%d reason %r, Go says %r" % (b["g"], got, b["reason"]))
        check(not why, "%s: b lists the %d goroutines blocked at the end, with reasons" %
              (name, len(o["blocked_at_end"])), "\n".join(why))
    why = []
    for st, want in sorted(o["final_goroutine_states"].items()):
        s, err = screen(path, ["2"] + [states[st]], rows=40)
        m = re.search(r"(\d+) of \d+ goroutines, state (\w+)", s or "")
        if not m or m.group(2) != st or int(m.group(1)) != want:
            why.append("%s: %s, Go says %d" % (st, m and m.group(0), want))
    check(not why, "%s: the state filter counts goroutines by final state as Go does" % name,
          "\n".join(why))

if os.path.exists(old):
    # Go 1.5 traces have no symbols: stacks are bare PCs, one per line
    s, err = screen(old, ["2", "G", "<Enter>", "G", "<Enter>"], rows=40, cols=100)
    lst, err2 = screen(old, ["2"], rows=40, cols=100)
    ok = s is not None and lst is not None
    ok = ok and re.search(r"(?m)^Stack:\n(    0x[0-9a-f]+\n)+", s) is not None
    ok = ok and re.search(r"(?m)^ G\d+ .* 0x[0-9a-f]+$", lst) is not None
    check(ok, "stress_1_5_good (Go 1.5): bare PCs as 0x... in stacks and for start functions",
          (s or err) + (lst or err2))
PY
