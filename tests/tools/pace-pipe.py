#!/usr/bin/env python3
"""pace-pipe.py: write a trace into a pipe (or FIFO, or stdout) at a set
pace, the way a live server's trace arrives: chunks of random size (at
arbitrary boundaries, not batches), a pause after each.

usage: pace-pipe.py [--chunk MIN-MAX] [--rate BYTES_PER_S] [--seed N]
                    [--hold-at BYTES --hold-file PATH] [--cut BYTES]
                    [--log PATH] TRACE [OUT]

OUT: a FIFO or file to open for writing (default: stdout).  --rate sets
the average pace; --cut writes only the first BYTES; --hold-at stops
writing after about BYTES (at a chunk's end) until PATH exists (a writer
that stalls, for tests that look while it waits); --log appends a line
"sent SECONDS BYTES" after each chunk (time.monotonic(), the clock of
CLOCK_MONOTONIC: make bench compares it with the viewer's)."""
import os
import random
import sys
import time


def main(argv):
    lo, hi, rate, seed, hold_at, hold_file, cut, log = 2048, 8192, 0.0, 1, None, None, None, None
    args = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--chunk", "--rate", "--seed", "--hold-at", "--hold-file", "--cut", "--log"):
            if i + 1 >= len(argv):
                sys.exit("pace-pipe.py: %s needs a value" % a)
            v = argv[i + 1]
            i += 2
            if a == "--chunk":
                lo, hi = (int(x) for x in v.split("-"))
            elif a == "--rate":
                rate = float(v)
            elif a == "--seed":
                seed = int(v)
            elif a == "--hold-at":
                hold_at = int(v)
            elif a == "--hold-file":
                hold_file = v
            elif a == "--log":
                log = open(v, "a")
            else:
                cut = int(v)
            continue
        args.append(a)
        i += 1
    if len(args) not in (1, 2) or lo < 1 or hi < lo:
        sys.exit(__doc__)
    data = open(args[0], "rb").read()
    if cut is not None:
        data = data[:cut]
    out = os.open(args[1], os.O_WRONLY) if len(args) == 2 else sys.stdout.fileno()
    rnd = random.Random(seed)
    pos, held = 0, False
    t0 = time.monotonic()
    try:
        while pos < len(data):
            n = rnd.randint(lo, hi)
            chunk = data[pos:pos + n]
            while chunk:
                w = os.write(out, chunk)
                chunk = chunk[w:]
            pos += n
            if log:
                log.write("sent %.6f %d\n" % (time.monotonic(), min(pos, len(data))))
                log.flush()
            if hold_at is not None and not held and pos >= hold_at:
                held = True
                while not os.path.exists(hold_file):
                    time.sleep(0.05)
            if rate > 0:
                # keep to the average pace from the start
                ahead = pos / rate - (time.monotonic() - t0)
                if ahead > 0:
                    time.sleep(ahead)
    except BrokenPipeError:
        return 0  # the reader quit: not an error of the writer's
    os.close(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
