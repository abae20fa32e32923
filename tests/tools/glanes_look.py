"""glanes_look.py CHECK SCREEN [FILE]: checks on the goroutine lanes of a
timeline screen dump (tests/tui-glanes.t), as gtview(1) describes them:
a cell is running, syscall or runnable, or a wait drawn by the class of
its reason.

  reasons SCREEN HISTORY  each lane's wait cells are of the classes of the
                          reasons its goroutine entered Waiting with
                          (HISTORY: `gtview goroutine --json` of them all),
                          and the lanes show at least 3 classes
  colors SCREEN COLORS    in a lane, each character has one colour (and
                          bold or dim), and two characters two (COLORS:
                          :save-colors)
  mono SCREEN ATTRS       no lane cell is reversed but the cursor's; waits
                          are dim and running is bold (ATTRS: :save-attrs)
  ascii SCREEN            lanes and the legend draw the 9 looks with 9
                          ASCII characters
Prints "# ..." lines and exits 1 when the check fails."""
import json
import re
import sys

# gtview(1), model.h gt_wait_class: the classes of Go's wait reasons
CLASS = {
    "chan send": "chan", "chan receive": "chan", "select": "chan", "forever": "chan",
    "sync": "sync", "sync.(*Cond).Wait": "sync", "synctest": "sync",
    "network": "net", "sleep": "sleep",
    "GC mark assist wait for work": "GC", "GC background sweeper wait": "GC",
    "GC weak to strong wait": "GC", "wait until GC ends": "GC",
    "system goroutine wait": "GC", "preempted": "GC", "wait for debug call": "GC",
}
WAIT_U = {"chan": "─", "sync": "┄", "net": "≈", "sleep": "▁", "GC": "▔", "other": "░"}
WAIT_A = {"chan": "-", "sync": ":", "net": "~", "sleep": "_", "GC": "^", "other": "."}
BUSY_U, BUSY_A = "█▓▒", "#=+"
# a busy state's share of a cell short of all of it, in eighths (ASCII:
# under half, from half), in the look's colour and attributes
PART_U, PART_A = "▏▎▍▌▋▊▉", ",;"
CURSOR = "┃|"
LANE = re.compile(r"^[ >]\*?G([0-9]+) ")
LABEL_W = 10


def lanes(text):
    """(row index, goroutine id, cells) of each goroutine lane row."""
    out = []
    for i, row in enumerate(text):
        m = LANE.match(row)
        if m and len(row) > LABEL_W and row[LABEL_W - 1] == " ":
            out.append((i, int(m.group(1)), row[LABEL_W:]))
    return out


def wait_reasons(history):
    """Go id -> the reasons it entered Waiting with."""
    reasons = {}
    for line in open(history):
        t = json.loads(line)
        if t["to"] == "Waiting" and t["from"] != "Waiting":
            reasons.setdefault(t["g"], set()).add(t["reason"])
    return reasons


def main():
    check, screen = sys.argv[1:3]
    text = open(screen, encoding="utf-8").read().split("\n")
    rows = lanes(text)
    bad = []
    if not rows:
        print("# no goroutine lanes in", screen)
        return 1
    if check == "reasons":
        reasons = wait_reasons(sys.argv[3])
        glyph_class = {g: c for c, g in WAIT_U.items()}
        seen = set()
        for _, gid, cells in rows:
            want = {CLASS.get(r, "other") for r in reasons.get(gid, ())}
            for x, ch in enumerate(cells):
                if ch in BUSY_U or ch in PART_U or ch in CURSOR or ch == " ":
                    continue
                c = glyph_class.get(ch)
                if c is None or c not in want:
                    bad.append("G%d col %d: %r (%s), its waits: %s" % (gid, LABEL_W + x, ch, c, sorted(want)))
                    break
                seen.add(c)
        if len(seen) < 3:
            bad.append("only %s drawn" % sorted(seen))
    elif check == "colors":
        colors = open(sys.argv[3]).read().split("\n")
        look, parts = {}, []
        for i, gid, cells in rows:
            toks = colors[i].split(" ")[LABEL_W:]
            for x, ch in enumerate(cells):
                if ch in CURSOR or ch == " " or x >= len(toks):
                    continue
                if ch in PART_U:  # a busy look's colour: checked below
                    parts.append((gid, x, ch, toks[x]))
                    continue
                if look.setdefault(ch, toks[x]) != toks[x]:
                    bad.append("G%d col %d: %r in %s, elsewhere %s" % (gid, LABEL_W + x, ch, toks[x], look[ch]))
        by_color = {}
        for ch, col in look.items():
            by_color.setdefault(col, []).append(ch)
        for col, chs in by_color.items():
            if len(chs) > 1:
                bad.append("%s all in colour %s" % ("".join(chs), col))
        if len(look) < 4:
            bad.append("only %r drawn" % "".join(look))
        waits = {look[ch] for ch in WAIT_U.values() if ch in look}
        for gid, x, ch, col in parts:
            if col in waits:
                bad.append("G%d col %d: part %r in a wait's colour %s" % (gid, LABEL_W + x, ch, col))
        if not parts:
            bad.append("no cell drawn as part of a cell")
    elif check == "mono":
        attrs = open(sys.argv[3]).read().split("\n")
        for i, gid, cells in rows:
            a = attrs[i][LABEL_W:] if i < len(attrs) else ""
            for x, ch in enumerate(cells):
                at = a[x] if x < len(a) else "."
                if ch in CURSOR:
                    continue
                if at == "r":
                    bad.append("G%d col %d: %r reversed" % (gid, LABEL_W + x, ch))
                elif ch in WAIT_U.values() and at != "d":
                    bad.append("G%d col %d: wait %r not dim (%s)" % (gid, LABEL_W + x, ch, at))
                elif ch in "█" + PART_U and at not in "bu.":
                    bad.append("G%d col %d: busy %r dim (%s)" % (gid, LABEL_W + x, ch, at))
                elif ch == "█" and at != "b":
                    bad.append("G%d col %d: running not bold (%s)" % (gid, LABEL_W + x, at))
    elif check == "ascii":
        allowed = set(BUSY_A) | set(PART_A) | set(WAIT_A.values()) | set(CURSOR) | {" "}
        for _, gid, cells in rows:
            extra = set(cells) - allowed
            if extra:
                bad.append("G%d: %r" % (gid, "".join(sorted(extra))))
        legend = [r for r in text if " runnable" in r and "wait" in r]
        if not legend:
            bad.append("no legend")
        else:
            glyphs = re.findall(r"(?:^| )(\S) [a-zA-Z]", legend[0].replace("G lanes: ", ""))
            if len(glyphs) != 9 or len(set(glyphs)) != 9 or set(glyphs) != set(BUSY_A) | set(WAIT_A.values()):
                bad.append("legend %r: glyphs %r" % (legend[0], glyphs))
    else:
        print("# unknown check", check)
        return 1
    for b in bad[:10]:
        print("#", b)
    return 1 if bad else 0


sys.exit(main())
