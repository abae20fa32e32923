#!/bin/sh
# tui-tmux-hostile.t: the viewer on traces whose strings are terminal
# control sequences (tests/hostile_strings.py: OSC 0 title, OSC 52
# clipboard, OSC 8 link, CSI erase, DCS, C1 CSI raw and in UTF-8),
# driven in tmux through every view, the inspector, copy (y) and save
# (Y).  `script` records every byte the viewer writes to its terminal:
# none of the injected sequences may be there (the viewer draws a '?'
# for each control character), the only OSC 52 is the viewer's own copy,
# whose text, like the clipboard's and the saved file's, holds no
# control character but newline and tab; the pane's title is untouched.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
command -v script >/dev/null 2>&1 || { echo "1..0 # SKIP script (util-linux) not installed"; exit 0; }
cd "$TMUX_TMP" || exit 1
# the traces: new format (demo), old format (blocked_go119), and one with
# regions, tasks, logs and labels (a text fixture, assembled)
python3 "$here/hostile_strings.py" "$here/fixtures/demo.trace" demo.trace alternate 2>/dev/null &&
	python3 "$here/hostile_strings.py" "$here/fixtures/blocked_go119.trace" old.trace alternate 2>/dev/null &&
	"$GTVIEW" assemble "$here/fixtures/text/go125-annotations.test" ann0.trace &&
	python3 "$here/hostile_strings.py" ann0.trace ann.trace all 2>/dev/null || { echo "1..0 # SKIP no hostile traces"; exit 0; }
echo 1..9

# check_raw LOG WHAT: no injected sequence in the bytes the viewer wrote;
# every OSC 52 is a copy whose text is clean
check_raw() {
	python3 - "$1" "$here" <<'PY'
import base64, re, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
from hostile_strings import INJECTED
raw = open(sys.argv[1], 'rb').read()
bad = []
copies = list(re.finditer(rb'\x1b\]52;c;([A-Za-z0-9+/=]*)\x07', raw))
rest = re.sub(rb'\x1b\]52;c;[A-Za-z0-9+/=]*\x07', b'', raw)
for s in INJECTED:
    if s in rest:
        i = rest.index(s)
        bad.append(f'{s!r} at {i}: {rest[max(0, i - 40):i + 40]!r}')
u = rest.decode('utf-8', 'surrogateescape')
if '\x9b' in u or '\udc9b' in u:
    bad.append('a C1 CSI (raw or UTF-8)')
for m in copies:
    text = base64.b64decode(m.group(1))
    if re.search(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]', text):
        bad.append(f'OSC 52 text with a control character: {text[:200]!r}')
print(f'# {len(raw)} bytes written, {len(copies)} OSC 52 copies')
for b in bad[:5]:
    print('# ' + b)
sys.exit(1 if bad else 0)
PY
}

# clean FILE: no control character but newline and tab
clean() {
	python3 -c '
import re, sys
b = open(sys.argv[1], "rb").read()
m = re.search(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", b)
b.decode("utf-8")
sys.exit(1 if m or not b.strip() else 0)' "$1" || { echo "# $1:"; head -c 600 "$1" | od -c | head -8 | sed 's/^/#   /'; return 1; }
}

# The panes' processes (script, and the viewer under it) end with the
# test even when a check failed before `q`: script outlives its server.
PANES=
end_panes() {
	for p in $PANES; do
		kill $(ps -o pid= --ppid "$p") "$p" 2>/dev/null
	done
	PANES=
}
trap 'end_panes; tmux_stop' EXIT

# view NAME TRACE: the viewer on TRACE under script, in a new server
view() {
	end_panes
	tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
	TMUX_SOCK="gt$$-$1"
	tmux_start 100 30 "script -q -f -c '$GTVIEW $2' $1.raw"
	tmux -L "$TMUX_SOCK" set-option -s set-clipboard on
	PANES=$(tmux -L "$TMUX_SOCK" display-message -p '#{pane_pid}')
}

# copied: tmux's buffer after a y, into FILE
copied() {
	i=0
	while [ $i -lt 30 ] && ! tmux -L "$TMUX_SOCK" show-buffer >"$1" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
	tmux -L "$TMUX_SOCK" delete-buffer 2>/dev/null
	clean "$1"
}

# every view of the new-format trace: timeline (zoomed, panned), goroutine
# list (blocked, by function), a goroutine and its history, the inspector,
# GC, regions, profile, search, help
view new demo.trace
tmux_wait "[timeline]" && tmux_keys + + l l j j Enter && sleep 0.5 && tmux_keys Escape 0 &&
	tmux_keys 2 && tmux_wait "[goroutines]" && tmux_keys j j &&
	tmux_keys Enter && tmux_wait "[goroutine]" && tmux_keys j j y && tmux_wait "copied"
ok=$?
copied hist.txt || ok=1
tap $ok "new format: timeline, goroutine list, a goroutine; y copies its history clean"

tmux_keys Escape && tmux_wait "[goroutines]" && tmux_keys b && sleep 0.5 && tmux_keys Tab Enter &&
	tmux_wait "[inspector]" && tmux_keys j j j y && tmux_wait "copied"
ok=$?
copied insp.txt || ok=1
tap $ok "the inspector on a blocked group; y copies its stacks clean"

tmux_keys Y && tmux_wait "save to:" && tmux_keys Enter && tmux_wait "wrote"
ok=$?
f=$(ls gtview-*.txt 2>/dev/null | head -1)
[ -n "$f" ] && clean "$f" || ok=1
tap $ok "Y saves the inspector's text clean ($f)"

tmux_keys Escape && tmux_wait "[goroutines]" && tmux_keys b F && sleep 0.5 && tmux_keys j &&
	tmux_keys 3 && tmux_wait "[gc]" && tmux_keys j Enter && sleep 0.5 && tmux_keys Escape &&
	tmux_keys 4 && sleep 0.5 && tmux_keys j Enter && sleep 0.5 && tmux_keys Escape &&
	tmux_keys 5 && sleep 0.5 && tmux_keys j Enter && sleep 0.5 && tmux_keys Escape &&
	tmux_keys 2 && tmux_wait "[goroutines]" && tmux_keys / && tmux_text '[2J' && tmux_keys Enter &&
	sleep 0.3 && tmux_keys '?' && sleep 0.3 && tmux_keys q && sleep 0.2 && tmux_keys q && tmux_gone 10
ok=$?
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "by function, GC, regions, profile, search, help; then quit"

check_raw new.raw
tap $? "new format: no injected sequence in the viewer's output, its OSC 52 copies clean"
title=$(tmux -L "$TMUX_SOCK" display-message -p '#{pane_title}')
case $title in *pwned*) ok=1 ;; *) ok=0 ;; esac
tap $ok "the pane's title is not the trace's ($title)"

# the old format: the same walk, shorter
view old old.trace
tmux_wait "[timeline]" && tmux_keys 2 && tmux_wait "[goroutines]" && tmux_keys b && sleep 0.5 &&
	tmux_keys Tab Enter && tmux_wait "[inspector]" && tmux_keys y && tmux_wait "copied" &&
	copied old.txt && tmux_keys Escape 3 && tmux_wait "[gc]" && tmux_keys 5 && sleep 0.5 &&
	tmux_keys q && tmux_gone 10
ok=$?
check_raw old.raw || ok=1
tap $ok "old format: goroutines, inspector, copy, GC, profile: no injected sequence"

# regions, tasks, logs and labels
view ann ann.trace
tmux_wait "[timeline]" && tmux_keys 4 && sleep 0.5 && tmux_keys Enter && sleep 0.5 &&
	tmux_keys y && sleep 0.5 && tmux_keys Escape j Enter && sleep 0.5 && tmux_keys Escape &&
	tmux_keys 2 && tmux_wait "[goroutines]" && tmux_keys Enter && sleep 0.5 && tmux_keys y && sleep 0.5 &&
	tmux_keys q q && tmux_gone 10
ok=$?
check_raw ann.raw || ok=1
tap $ok "regions, tasks, logs: no injected sequence"

"$GTVIEW" --escape-delay=-1 ann.trace >/dev/null 2>err
"$GTVIEW" goroutine 99999 ann.trace >/dev/null 2>>err
clean err || [ ! -s err ]
tap $? "the viewer's and the commands' error messages are clean"
