#!/bin/sh
# tui-tmux-stack.t: stacks at 80x24 in the real binary: file:line on its
# own line with the module prefix written once, stack panes that scroll,
# and the selection copied with OSC 52 (tmux keeps it in its buffer) or
# written to a file.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/tmux-lib.sh"
cp "$here/fixtures/demo.trace" "$TMUX_TMP/demo.trace"
cd "$TMUX_TMP" || exit 1
echo 1..8

# frame_pairs: every function line is followed by its file:line, indented
# deeper, and ending in the full "file.go:N"
frame_pairs() {
	awk '
	/^ +(> )?[A-Za-z0-9_.]*[a-z][^ ]*$/ && !/\.go:[0-9]+ *$/ { fn = NR; ind = match($0, /[^ ]/); next }
	fn && NR == fn + 1 && /\[[a-z]+\] *$/ { fn = 0; next } # its file is below the screen
	fn && NR == fn + 1 { if (!/\.go:[0-9]+ *$/ || match($0, /[^ ]/) <= ind) bad = 1; pairs++; fn = 0 }
	END { exit !(pairs >= 3 && !bad) }'
}

tmux_start 80 24 "$GTVIEW demo.trace"
tmux -L "$TMUX_SOCK" set-option -s set-clipboard on
tmux_wait "[timeline]" && tmux_keys 2 b && tmux_wait "Blocked at the end" &&
	tmux_keys j Tab Enter && tmux_wait "[inspector]" && tmux_keys j j j j j j j j j j j j j j j j j j j j j j
ok=$?
sleep 0.3
s=$(tmux_screen)
printf '%s\n' "$s" | grep -q '^    …/ = github.com/evanw/esbuild/pkg/ *$' || { echo "# no legend for the prefix"; ok=1; }
printf '%s\n' "$s" | grep -q '^    …/cli\.runImpl *$' || { echo "# no shortened function"; ok=1; }
printf '%s\n' "$s" | grep -q '^        …/cli/cli_impl\.go:1389 *$' || { echo "# no file:line under it"; ok=1; }
printf '%s\n' "$s" | grep -q '^        github.com/evanw/esbuild/cmd/esbuild/main\.go:381 *$' ||
	{ echo "# main.main.func1's file (no shared prefix: std-like name) not in full"; ok=1; }
printf '%s\n' "$s" | frame_pairs || { echo "# a function without its file:line"; ok=1; }
[ $ok = 0 ] || printf '%s\n' "$s" | sed 's/^/#   /'
tap $ok "inspector at 80x24: file:line on its own line, module prefix shown once"

# y: OSC 52 to the terminal; tmux (set-clipboard on) makes it a buffer
tmux_keys y && tmux_wait "copied" 
ok=$?
i=0
while [ $i -lt 30 ] && ! tmux -L "$TMUX_SOCK" show-buffer >buf 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
grep -q '^    github.com/evanw/esbuild/pkg/cli.runImpl()$' buf &&
	grep -q '^        github.com/evanw/esbuild/pkg/cli/cli_impl.go:1389$' buf &&
	grep -q '^Goroutine G1$' buf || { echo "# buffer:"; sed 's/^/#   /' buf; ok=1; }
tap $ok "y copies the inspector's text, stacks in full, to the clipboard with OSC 52"

# Y: a prompt with a file name not taken yet; Enter writes it
tmux_keys Y && tmux_wait "save to: gtview-G1.txt" && tmux_keys Enter && tmux_wait "wrote"
ok=$?
cmp -s buf gtview-G1.txt || { diff buf gtview-G1.txt | sed 's/^/# /'; ok=1; }
tap $ok "Y writes the same text to a file (gtview-G1.txt)"

# the name Y suggests is replaced by what is typed (issue 30: typing
# g1.txt gave gtview-G1.txtg1.txt) ...
tmux_keys Y && tmux_wait "save to: gtview-G1-2.txt" && tmux_text g1.txt &&
	tmux_wait "save to: g1.txt" && tmux_keys Enter && tmux_wait "wrote"
ok=$?
cmp -s buf g1.txt || { echo "# no g1.txt, or not the text"; ok=1; }
ls | grep -q 'txtg1' && { echo "# $(ls)"; ok=1; }
tap $ok "Y: a name typed replaces the suggested one"

# ... and an edit key edits it
tmux_keys Y && tmux_wait "save to: gtview-G1-2.txt" && tmux_keys BSpace BSpace BSpace &&
	tmux_text log && tmux_wait "save to: gtview-G1-2.log" && tmux_keys Enter && tmux_wait "wrote"
ok=$?
cmp -s buf gtview-G1-2.log || { echo "# no gtview-G1-2.log: $(ls)"; ok=1; }
tap $ok "Y: Backspace edits the suggested name"

# the goroutine list's stack pane scrolls to the outermost frame
tmux_keys Escape && tmux_wait "[goroutines]" && tmux_keys G && sleep 0.3
ok=$?
tmux_screen | grep -q '^      …/cmd/esbuild/main\.go:383 *$\|^      github.com/evanw/esbuild/cmd/esbuild/main\.go:383 *$' ||
	{ echo "# preview did not scroll to main.main"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "the goroutine list's stack pane scrolls to the last frame"

# the goroutine view's stack pane: Tab twice, then it scrolls (G1's wait
# stack, 11 lines, at 80x20: longer than the pane)
tmux_keys c Tab && tmux_wait "1500 of 1500" && tmux_resize 80 20 && tmux_keys Enter &&
	tmux_wait "[goroutine]" && tmux_keys j Tab Tab && sleep 0.3
ok=$?
before=$(tmux_screen)
tmux_keys j j j && sleep 0.3
after=$(tmux_screen)
[ "$before" != "$after" ] || { echo "# stack pane did not move"; ok=1; }
printf '%s\n' "$after" | frame_pairs || { echo "# stack pane:"; printf '%s\n' "$after" | sed 's/^/#   /'; ok=1; }
tap $ok "the goroutine view's stack pane takes the focus and scrolls"

# wide terminals keep one line per frame
tmux_resize 130 30
tmux_keys Escape && tmux_wait "[goroutines]"
ok=$?
tmux_screen | grep -q '^  github.com/evanw/esbuild/pkg/cli.runImpl  github.com/evanw/esbuild/pkg/cli/cli_impl.go:1389 *$' ||
	{ echo "# not one line per frame at 130 columns"; tmux_screen | sed 's/^/#   /'; ok=1; }
tap $ok "from 120 columns on a frame is one line: function  file:line"
