"""screen_lanes.py CHECK SCREEN ATTRS: checks on the timeline's lane rows
of a screen dump and its attribute dump (tui/dump.h), for tui-mono.t.

  busy    no busy glyph (density, bar, GC worker) is in reverse video
  labels  no run's name touches the next one's ("G21 runtG21 ...")
  named   a named run starts and ends with a busy glyph (no colour)
Prints "# ..." lines and exits 1 when the check fails."""
import re
import sys

LANES = re.compile(r"^[ >](P[0-9]+|GC|STW|Assist) ")
BUSY = set("█▓▒░▚▁▂▃▄▅▆▇#=+.%_-")
LABEL_START = re.compile(r"(G[0-9]+ |STW |GC #)")


def main():
    check, screen, attrs = sys.argv[1:4]
    text = open(screen, encoding="utf-8").read().split("\n")
    att = open(attrs).read().split("\n")
    bad = []
    rows = [(i, r) for i, r in enumerate(text) if LANES.match(r)]
    if not rows:
        print("# no lane rows in", screen)
        return 1
    for i, row in rows:
        a = att[i] if i < len(att) else ""
        cells = row[10:]
        if check == "busy":
            for x, ch in enumerate(cells):
                if ch in BUSY and 10 + x < len(a) and a[10 + x] == "r":
                    bad.append("%s col %d: reversed %r" % (row.split()[0], 10 + x, ch))
        elif check == "labels":
            for m in LABEL_START.finditer(cells):
                if m.start() > 0 and re.match(r"[A-Za-z0-9_.()*…~]", cells[m.start() - 1]):
                    bad.append("%s: %r" % (row.split()[0], cells[max(0, m.start() - 12):m.end() + 4]))
        elif check == "named":
            for m in re.finditer(r"G[0-9]+ [^ █]*", cells):
                before = cells[m.start() - 1] if m.start() else ""
                after = cells[m.end()] if m.end() < len(cells) else ""
                if before not in ("█", "┃") or after not in ("█", "┃"):
                    bad.append("%s: %r" % (row.split()[0], cells[max(0, m.start() - 2):m.end() + 2]))
    for b in bad[:10]:
        print("#", b)
    return 1 if bad else 0


sys.exit(main())
