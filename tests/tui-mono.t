#!/bin/sh
# tui-mono.t: monochrome (NO_COLOR) and ASCII screens, read from screen
# dumps with their video attributes (:save-attrs): what is busy looks busy
# (no busy glyph in reverse video, which would look empty), the names of
# runs side by side never read as one, and in ASCII each state and each
# density has its own character, as the legends say; the thread lanes'
# syscall cells too (demo.trace: M15178 in one syscall the whole trace;
# other threads make short ones), not a density's with another colour.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/shot-lib.sh"
golden=$here/tui-golden
command -v python3 >/dev/null || { echo "1..0 # SKIP no python3"; exit 0; }
echo 1..8

# lanes NAME CHECK: runs tests/tools/screen_lanes.py's CHECK on the lane rows
lanes() { python3 "$here/tools/screen_lanes.py" "$2" "$1.screen" "$1.attrs"; }

# zoom levels around the longest pause, where runs are a few cells wide
zooms="- +,+ +,+,+"
i=0
ok=0
for z in $zooms; do
	i=$((i + 1))
	keys=$(printf '%s' "$z" | tr ',' ' ')
	# shellcheck disable=SC2086
	NO_COLOR=1 shot mono$i 100 demo.trace 3 s '<Enter>' $keys || ok=1
	lanes mono$i busy || ok=1
done
check $ok "NO_COLOR: no busy cell of a lane is in reverse video (it would look empty)"

ok=0
i=0
for z in $zooms; do
	i=$((i + 1))
	keys=$(printf '%s' "$z" | tr ',' ' ')
	# shellcheck disable=SC2086
	shot color$i 100 demo.trace 3 s '<Enter>' $keys || ok=1
	lanes mono$i labels || ok=1
	lanes color$i labels || ok=1
done
check $ok "names of runs side by side never touch, in colour and without"

ok=0
lanes mono1 named || ok=1
grep -q '█G[0-9]* [a-z]' mono1.screen || { echo "# no run named between busy glyphs"; ok=1; }
check $ok "NO_COLOR: a named run is busy glyphs around its name"

if [ -n "$GT_UPDATE_GOLDEN" ]; then cp mono1.screen "$golden/mono-zoom.screen"; cp mono1.attrs "$golden/mono-zoom.attrs"; fi
diff -u "$golden/mono-zoom.screen" mono1.screen | sed 's/^/# /'
diff -u "$golden/mono-zoom.attrs" mono1.attrs | sed 's/^/# /'
cmp -s "$golden/mono-zoom.screen" mono1.screen && cmp -s "$golden/mono-zoom.attrs" mono1.attrs
check $? "NO_COLOR zoomed timeline: matches the golden dump and its attributes"

# ASCII: the goroutine view's legend gives each state and each class of
# wait its own character (running, syscall, runnable, 6 waits)
LC_ALL=C LANG=C NO_COLOR=1 shot ascg 100 demo.trace 2 '<Enter>'
ok=$?
legend=$(grep ' syscall .* runnable .*wait' ascg.screen)
glyphs=$(printf '%s\n' "$legend" | tr ' ' '\n' | awk 'length($0) == 1 && $0 !~ /[a-zA-Z]/')
[ "$(printf '%s\n' "$glyphs" | wc -l)" = 9 ] && [ "$(printf '%s\n' "$glyphs" | sort -u | wc -l)" = 9 ] ||
	{ echo "# legend: $legend"; ok=1; }
LC_ALL=C grep -q '[^ -~]' ascg.screen && { echo "# non-ASCII"; ok=1; }
check $ok "ASCII: running, syscall, runnable and each class of wait have their own character"

LC_ALL=C LANG=C NO_COLOR=1 shot asct 100 demo.trace
ok=$?
legend=$(grep 'busy part of a cell' asct.screen)
glyphs=$(printf '%s\n' "$legend" | sed 's/ busy part.*//')
[ "$(printf '%s' "$glyphs" | fold -w1 | sort -u | wc -l)" = 4 ] || { echo "# densities: $glyphs"; ok=1; }
lanes asct busy || ok=1
check $ok "ASCII timeline: four density characters in the legend, busy cells not reversed"

# the goroutine view's own timeline: no busy cell reversed without colour
NO_COLOR=1 shot monog 100 demo.trace 2 '<Enter>' '<Tab>'
ok=$?
python3 - monog.screen monog.attrs <<'PY' || ok=1
import sys
text = open(sys.argv[1], encoding="utf-8").read().split("\n")
attrs = open(sys.argv[2]).read().split("\n")
row, at = text[2], attrs[2]
bad = [i for i, ch in enumerate(row) if ch in "█▓▒░" and i < len(at) and at[i] == "r"]
if bad:
    print("# reversed busy cells at", bad)
    sys.exit(1)
PY
check $ok "NO_COLOR goroutine view: its timeline's busy cells are not reversed"

# the thread lanes (t) without colour, in ASCII: the legend's running
# densities, syscall and "holds no P" are six characters; the syscall's is in the
# lanes, alone in cells and around a named run, never reversed
LC_ALL=C LANG=C NO_COLOR=1 shot ascm 100 demo.trace t
ok=$?
legend=$(grep ' running .* syscall .* holds no P' ascm.screen)
dens=$(printf '%s\n' "$legend" | sed 's/ running.*//')
sys=$(printf '%s\n' "$legend" | sed 's/.* running  \(.\) syscall .*/\1/')
nop=$(printf '%s\n' "$legend" | sed 's/.*  \(.\) holds no P.*/\1/')
[ "${#sys}" = 1 ] && [ "${#nop}" = 1 ] &&
	[ "$(printf '%s%s%s' "$dens" "$sys" "$nop" | fold -w1 | sort -u | wc -l)" = 6 ] ||
	{ echo "# legend: $legend"; ok=1; }
grep -E '^[ >]M[0-9]+ ' ascm.screen | cut -c11- | grep -qF -- "$sys" || { echo "# no syscall cell"; ok=1; }
grep -Eq "^[ >]M15178 .*syscall syscall\.read G26[$sys]{8}" ascm.screen || { echo "# M15178's run"; ok=1; }
python3 - ascm.screen ascm.attrs "$sys" <<'PY' || ok=1
import re, sys
text = open(sys.argv[1]).read().split("\n")
attrs = open(sys.argv[2]).read().split("\n")
bad = [(i, x) for i, r in enumerate(text) if re.match(r"^[ >]M[0-9]+ ", r)
       for x, ch in enumerate(r) if x >= 10 and ch == sys.argv[3] and x < len(attrs[i]) and attrs[i][x] == "r"]
if bad:
    print("# reversed syscall cells at", bad[:5])
    sys.exit(1)
PY
[ $ok = 0 ] || sed 's/^/#   /' ascm.screen
check $ok "ASCII thread lanes: syscall cells have a character of their own, as the legend says"
