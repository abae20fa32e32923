#!/bin/sh
# tui-tmux-profile.t: the profile view in the real binary inside tmux:
# 5 opens it, Enter drills into callers and callees, Tab into the stacks,
# f changes the kind, Esc steps back, q quits.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..6

tmux_start 100 30 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
tap $? "gtview starts on the timeline"

tmux_keys 5
tmux_wait "sync profile: 543 waits"
ok=$?
tmux_screen | grep -Eq '^> +4\.03s +88\.5% +4\.03s +88\.5% +256  runtime\.chanrecv1' || ok=1
tap $ok "5: the sync profile, the function waiting most first"

tmux_keys Enter
tmux_wait "callers and callees of runtime.chanrecv1"
ok=$?
tmux_screen | grep -q 'caller  runtime.(\*wakeableSleep).sleep' || ok=1
tap $ok "Enter: callers and callees"

tmux_keys Tab
tmux_wait "stack, innermost first"
ok=$?
tmux_screen | grep -q 'stacks through runtime.chanrecv1' || ok=1
tap $ok "Tab: the stacks through the function and the selected one's frames"

# a lone Escape (after termkey's wait) steps back
tmux_keys Escape
tmux_wait "callers and callees of runtime.chanrecv1"
ok=$?
tmux_keys Escape
tmux_wait "sync profile: 543 waits" || ok=1
tmux_keys f
tmux_wait "syscall profile:" || ok=1
tap $ok "Esc, Esc: back to the table; f: the syscall profile"

tmux_keys q
tmux_gone 5
tap $? "q quits"
