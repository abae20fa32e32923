#!/bin/sh
# tui-stream-bench.sh GTVIEW TRACE...: seconds to the viewer's first frame
# in a real terminal (tmux, 120x40, the pane looked at every 20 ms), per
# trace: the file (its timeline once the whole load is done); the file
# through a pipe as fast as cat writes it (the first generations shown,
# "[live:", then the final model); and the pipe at 20 MB/s (a network
# stream: when each step of generations showed, against the bytes sent).
# For `make bench-stream`; no test asserts timings.
bin=$1
shift
command -v tmux >/dev/null || { echo "tui-stream-bench: no tmux" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d) || exit 1
sock=gtsb$$
trap 'tmux -L $sock kill-server 2>/dev/null; rm -rf "$t"' EXIT
now() { date +%s.%N; }
# shows TEXT: seconds until the pane shows TEXT (60 s at most); -1
shows() {
	s=$1
	while :; do
		tmux -L $sock capture-pane -p 2>/dev/null | grep -qF -- "$2" && break
		awk "BEGIN { exit !($(now) - $s > 60) }" && { echo -1; return; }
		sleep 0.02
	done
	awk "BEGIN { printf \"%.2f\", $(now) - $s }"
}
# final: seconds until the header has no [live: mark and a frame is up
final() {
	s=$1
	while :; do
		scr=$(tmux -L $sock capture-pane -p 2>/dev/null)
		echo "$scr" | grep -qF "[timeline]" && ! echo "$scr" | head -1 | grep -qF "[live:" && break
		awk "BEGIN { exit !($(now) - $s > 120) }" && { echo -1; return; }
		sleep 0.02
	done
	awk "BEGIN { printf \"%.2f\", $(now) - $s }"
}
run() { # run CMD: a fresh session running CMD
	tmux -L $sock kill-server 2>/dev/null
	tmux -L $sock -f /dev/null new-session -d -x 120 -y 40 -e TERM=screen-256color \
		-e LC_ALL=C.UTF-8 "$1"
}
for trace in "$@"; do
	size=$(wc -c < "$trace")
	s=$(now); run "'$bin' '$trace'"
	file=$(shows "$s" "[timeline]")
	s=$(now); run "cat '$trace' | '$bin' -"
	first=$(shows "$s" "[live:"); whole=$(final "$s")
	s=$(now); run "python3 '$here/pace-pipe.py' --chunk 4096-65536 --rate 20000000 '$trace' | '$bin' -"
	paced=$(shows "$s" "[live:"); pwhole=$(final "$s")
	sent=$(awk "BEGIN { printf \"%.2f\", $size / 20e6 }")
	printf '%s %d MB: file first frame %s s; pipe (cat) first generations %s s, whole %s s; ' \
		"$(basename "$trace")" $((size / 1000000)) "$file" "$first" "$whole"
	printf 'pipe at 20 MB/s (all sent at %s s) first %s s, whole %s s\n' "$sent" "$paced" "$pwhole"
done
