#!/usr/bin/env python3
"""tui-first-bench.py [--rate BYTES_PER_S] [--file-only] GTVIEW TRACE...: the viewer's first frames, in a
real terminal (tmux, 120x40), from its own log (GTVIEW_TEST_SHOW_LOG: when
each model and each key's frame was shown, CLOCK_MONOTONIC), per trace:

  file    seconds from the viewer's start to its first frame (a prefix's
          model while the whole loads) and to the whole model; the keys
          typed meanwhile (timeline and list keys, one every 150 ms):
          ms from each key to its frame, median and max
  cat     the same through `cat TRACE | gtview -`
  paced   the trace through a pipe at 20 MB/s (--rate; tests/tools/pace-pipe.py,
          which logs when it sent each chunk): for each model shown, the
          seconds from the arrival of its last byte to its frame; the
          number of steps shown before the end (a big stream's steps wait
          for its end: memory)

--file-only: the file's figures alone (a 1 GB trace through the pipes
takes minutes).

For `make bench`; no test asserts timings."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["+", "l", "h", "-", "j", "k", "2", "j", "j", "k", "1"]


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock] + list(args), capture_output=True, text=True)


def read_log(path):
    out = []
    try:
        with open(path) as f:
            for line in f:
                out.append(line.split())
    except FileNotFoundError:
        pass
    return out


def session(sock, cmd, log, keys=False, limit=180):
    """Runs cmd in a fresh tmux session until the log shows the whole
    model (keys typed until then when asked), then q; the log's lines."""
    tmux(sock, "kill-server")
    for f in (log, log + ".sent"):
        if os.path.exists(f):
            os.unlink(f)
    tmux(sock, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40",
         "-e", "TERM=screen-256color", "-e", "LC_ALL=C.UTF-8", cmd)
    t0 = time.monotonic()
    k = 0
    while time.monotonic() - t0 < limit:
        lines = read_log(log)
        models = [l for l in lines if l[0] == "model"]
        if any(l[-1] == "whole" for l in models):
            break
        if keys and models:
            tmux(sock, "send-keys", KEYS[k % len(KEYS)])
            k += 1
        time.sleep(0.15)
    time.sleep(0.3)
    tmux(sock, "send-keys", "q")
    time.sleep(0.5)
    tmux(sock, "kill-server")
    return read_log(log)


def figures(lines):
    start = next((float(l[1]) for l in lines if l[0] == "start"), None)
    models = [l for l in lines if l[0] == "model"]
    first = float(models[0][1]) - start if models and start else -1
    whole = next((float(l[1]) - start for l in models if l[-1] == "whole"), -1) if start else -1
    keys = [float(l[2]) for l in lines if l[0] == "key" and l[-1] == "partial"]
    return first, whole, keys, models


def keys_fmt(keys):
    if not keys:
        return "no keys during the load"
    return "%d keys during the load: median %.1f ms, max %.1f ms" % (
        len(keys), statistics.median(keys), max(keys))


def main(argv):
    rate = 20e6
    file_only = False
    while len(argv) > 1 and argv[0].startswith("--"):
        if argv[0] == "--rate" and len(argv) > 2:
            rate = float(argv[1])
            argv = argv[2:]
        elif argv[0] == "--file-only":
            file_only = True
            argv = argv[1:]
        else:
            sys.exit(__doc__)
    if len(argv) < 2:
        sys.exit(__doc__)
    binp = os.path.abspath(argv[0])
    sock = "gtfb%d" % os.getpid()
    with tempfile.TemporaryDirectory() as t:
        for trace in argv[1:]:
            name = os.path.basename(trace)
            size = os.path.getsize(trace)
            log = os.path.join(t, "file.log")
            lines = session(sock, "GTVIEW_TEST_SHOW_LOG=%s '%s' '%s'" % (log, binp, trace), log, keys=True)
            first, whole, keys, _ = figures(lines)
            print("%s %d MB file: first frame %.2f s, whole %.2f s; %s" % (
                name, size // 1000000, first, whole, keys_fmt(keys)))
            sys.stdout.flush()
            if file_only:
                continue
            log = os.path.join(t, "cat.log")
            lines = session(sock, "cat '%s' | GTVIEW_TEST_SHOW_LOG=%s '%s' -" % (trace, log, binp), log)
            first, whole, _, _ = figures(lines)
            print("%s %d MB cat | gtview -: first frame %.2f s, whole %.2f s" % (
                name, size // 1000000, first, whole))
            log = os.path.join(t, "paced.log")
            sent = log + ".sent"
            lines = session(sock, "python3 '%s/pace-pipe.py' --chunk 4096-65536 --rate %d --log %s '%s' "
                            "| GTVIEW_TEST_SHOW_LOG=%s '%s' -" % (HERE, rate, sent, trace, log, binp), log)
            sends = [(float(l[1]), int(l[2])) for l in read_log(sent) if l[0] == "sent"]
            _, _, _, models = figures(lines)
            lat, wlat = [], -1
            for m in models:
                shown, built = float(m[1]), int(m[2])
                if m[-1] == "whole":
                    built = size
                came = next((ts for ts, off in sends if off >= built), None)
                if came is None:
                    continue
                if m[-1] == "whole":
                    wlat = shown - came
                else:
                    lat.append(shown - came)
            steps = ("%d steps before the end: from arrival to display median %.2f s, max %.2f s" %
                     (len(lat), statistics.median(lat), max(lat))) if lat else "no step before the end"
            print("%s %d MB paced %g MB/s: %s; whole %.2f s after the last byte" % (
                name, size // 1000000, rate / 1e6, steps, wlat))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
