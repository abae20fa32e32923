#!/bin/sh
# tui-tmux-range-help.t: M (and m's second mark) narrow the goroutine list
# and the regions view to the range, and ? says so (issue 30, item 9: M
# narrowed the list without a word in ?).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cd "$TMUX_TMP" || exit 1
echo 1..2

tmux_start 130 60 "$GTVIEW --demo"
tmux_wait "[timeline]"
tmux_keys '?'
tmux_wait "window-stats"
ok=$?
s=$(tmux_screen)
printf '%s\n' "$s" | grep -Eq '^ +M +window-stats +Narrow the goroutine and regions views to the time shown, with its statistics' || ok=1
printf '%s\n' "$s" | grep -Eq '^ +m +mark-range +Mark one end of a range; the second narrows goroutines and regions to it' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | grep -E 'window-stats|mark-range' | sed 's/^/#   /'
tap $ok "? says that M and m narrow the goroutine and regions views"

# and they do: zoomed in, M, then the list says its range
tmux_keys Escape
tmux_wait "[timeline]"
tmux_keys + + + M
tmux_wait "[inspector]"
tmux_keys 2
tmux_wait "[goroutines]"
ok=$?
tmux_screen | sed -n 2p | grep -Eq '^[0-9]+ of [0-9]+ goroutines; in [0-9.]+s-[0-9.]+s \(c: the whole trace\)' || ok=1
[ $ok = 0 ] || tmux_screen | sed 's/^/#   /'
tap $ok "after M the goroutine list is narrowed to the range and says so"
