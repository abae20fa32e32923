#!/bin/sh
# tui-tmux-search.t: the search in the real binary in tmux: the number of
# matching strings as the text is typed; Enter's results pane (the counts
# per kind as `gtview search --count` gives them, the strings, the
# goroutines with their counts, the events); n / N stepping through the
# matching events in time order on the timeline, whose goroutine lane
# highlights the cells that hold matches; and /G23, /g23, /#23 opening
# goroutine 23; search-reverse (emacs: C-r) stepping backward.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..8

count=$("$GTVIEW" search --count chanrecv demo.trace)
first=$("$GTVIEW" search --json chanrecv demo.trace | grep -m1 '"type":"event"')
first_g=$(printf '%s\n' "$first" | sed 's/.*"g":\([0-9]*\).*/\1/')

tmux_start 120 40 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
tmux_keys /
tmux_text chanrecv
tmux_wait '2 strings match "chanrecv"' && tmux_text 1 && tmux_wait '1 string matches "chanrecv1"' &&
	tmux_keys BSpace && tmux_wait '2 strings match "chanrecv"'
tap $? "typing shows how many strings match, and typing on or back updates it"

tmux_keys Enter
tmux_wait "$count"
ok=$?
s=$(tmux_screen)
printf '%s\n' "$s" | grep -Eq '^ function  runtime\.chanrecv1?$' || ok=1
printf '%s\n' "$s" | grep -Eq '^>goroutine G1 +2 events  main\.main$' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "Enter: the counts per kind (as gtview search --count), the strings, the goroutines with counts"

tmux_keys G
tmux_wait 'StateTransition Running->Waiting'
ok=$?
tmux_screen | grep -E '^>' | grep -Eq 'G[0-9]+ +StateTransition +[A-Za-z]+->[A-Za-z]+ +runtime\.chanrecv1? runtime/chan\.go:[0-9]+' || ok=1
tap $ok "the events follow, each with its time, goroutine, kind and matching frame"

# n from the results: the first matching event, on the timeline
tmux_keys n
tmux_wait "match 1 of 331: "
ok=$?
s=$(tmux_screen)
printf '%s\n' "$s" | grep -q "\[timeline\]" || ok=1
printf '%s\n' "$s" | grep -q "match 1 of 331: .* G$first_g  *StateTransition" || ok=1
# the event's goroutine has a lane; cells holding matches are highlighted
# (the match colour: black on yellow, 256 colours)
row=$(printf '%s\n' "$s" | grep -n -E "^.G$first_g  " | head -1 | cut -d: -f1)
[ -n "$row" ] && tmux -L "$TMUX_SOCK" capture-pane -p -e | sed -n "${row}p" | grep -q '48;5;220' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "n shows the first matching event on the timeline, its goroutine's lane highlighting matches"

tmux_keys n
tmux_wait "match 2 of 331: " && tmux_keys N && tmux_wait "match 1 of 331: " &&
	tmux_keys N && tmux_wait "match 331 of 331 (wrapped to the last): "
tap $? "n and N step through the events in time order, wrapping at the ends"

tmux_keys /
tmux_text G23
tmux_keys Enter
tmux_wait "G23 runtime.traceStartReadCPU.func1" && tmux_keys Escape && tmux_wait "[timeline]" &&
	tmux_keys / && tmux_text '#23' && tmux_keys Enter && tmux_wait "G23 runtime.traceStartReadCPU.func1" &&
	tmux_keys Escape && tmux_wait "[timeline]" && tmux_keys / && tmux_text g23 && tmux_keys Enter &&
	tmux_wait "G23 runtime.traceStartReadCPU.func1"
tap $? "/G23, /#23 and /g23 open goroutine 23"

tmux_keys Escape
tmux_wait "[timeline]" && tmux_keys / && tmux_text 'zzzq' && tmux_wait '0 strings match "zzzq"' &&
	tmux_keys Enter && tmux_wait '"zzzq": 0 events in 0 goroutines' && tmux_wait 'nothing matches this text'
tap $? "a text nothing matches says so"

# search-reverse: n (M-n in the emacs preset) steps back in time
tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
TMUX_SOCK="gt$$-rev" # a new server: the old one may still be going away
tmux_start 120 40 "$GTVIEW -k emacs demo.trace"
tmux_wait "[timeline]" && tmux_keys C-r && tmux_text chanrecv && tmux_wait '2 strings match "chanrecv"' &&
	tmux_keys Enter && tmux_wait "$count" && tmux_keys M-n && tmux_wait "match 331 of 331: " &&
	tmux_keys M-n && tmux_wait "match 330 of 331: " && tmux_keys M-p && tmux_wait "match 331 of 331: "
tap $? "after search-reverse, search-next steps back in time and search-prev forward"
