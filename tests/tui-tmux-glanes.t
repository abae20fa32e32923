#!/bin/sh
# tui-tmux-glanes.t: goroutine lanes under the P lanes, in the real binary
# in tmux: following G1 of demo.trace shows its lane and the lanes of the
# goroutines it woke and created (G23 ... G28, as `gtview goroutine` and
# the reverse links say), drawn with their states, waits by the class of
# their reason (chan receive: ─, the runtime's: ▔); moving down scrolls
# them; p pins a goroutine's lane.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..4

tmux_start 110 26 "$GTVIEW demo.trace"
tmux_wait "[timeline]"
# G1's last interval on the timeline, followed; then the whole trace
tmux_keys /
tmux_text G1
tmux_keys Enter
tmux_wait "G1 main.main" && tmux_keys G && tmux_keys 0 && tmux_wait "[timeline]" && tmux_keys 0
tmux_wait " G27 "
ok=$?
s=$(tmux_screen)
# below the Waiting count lane: G1, then G23 (created by G1), with cells
# G1 waits on a channel (chan receive): ─; G25 is the runtime's (▔); the
# cells where they ran show the share of the cell they ran (▏ … ▉, █)
printf '%s\n' "$s" | grep -A1 '^ Waiting ' | tail -1 | grep -Eq '^ G1 +[█▏▎▍▌▋▊▉]─+' || ok=1
printf '%s\n' "$s" | grep -Eq '^ G23 +[█▏▎▍▌▋▊▉][─█▏▎▍▌▋▊▉]+' || ok=1
printf '%s\n' "$s" | grep -Eq '^ G25 +[█▏▎▍▌▋▊▉][▔█▏▎▍▌▋▊▉]+' || ok=1
printf '%s\n' "$s" | grep -q '^ G28 ' && ok=1 # not room for all 9 lanes
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "following G1: its lane, then the goroutines it created and woke, waits by reason"

# down through the 4 P lanes and 8 others into the goroutine lanes
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do tmux_keys j; done
tmux_wait '>G23 '
ok=$?
tmux_screen | grep -Eq '^G23 .*(Waiting \(chan/select: chan receive\)|Running)' || ok=1
tap $ok "a goroutine lane is selected; the detail line gives its state at the cursor"

for i in 1 2 3 4 5 6 7 8 9; do tmux_keys j; done
tmux_wait '>G28 '
ok=$?
s=$(tmux_screen)
printf '%s\n' "$s" | grep -q '^ G1 ' && ok=1 # scrolled off
printf '%s\n' "$s" | grep -q '^ G23 ' || ok=1
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "moving down scrolls the goroutine lanes to the last one"

tmux_keys p
tmux_wait "G28 pinned"
ok=$?
tmux_keys c
tmux_wait "[timeline]"
tmux_screen | grep -q '^ G28 ' && ok=1 # c clears the following and the pins
tap $ok "p pins a goroutine's lane; c clears the lanes"
