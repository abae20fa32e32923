# tmux-lib.sh: drive the real gtview binary in a private tmux server
# (sourced by tests/tui-tmux-*.t).  Each test gets its own server
# (-L gt$$), a fixed size, and a pinned environment; the server is killed
# on exit whatever happens.
#
#   tmux_start COLS ROWS CMD...   start a session running CMD (via sh -c)
#   tmux_keys KEYS...             send-keys (tmux key names: Enter, C-c …)
#   tmux_text TEXT                send TEXT literally
#   tmux_screen                   print the pane (capture-pane -p)
#   tmux_wait TEXT [SECONDS]      wait until the pane shows TEXT (fixed
#                                 string); 1 on time-out
#   tmux_gone [SECONDS]           wait until the pane's command has exited
#   tmux_wait_file PATH [SECONDS] wait until PATH exists and is not empty
#                                 (default 10 s); 1 on time-out
#   tmux_header_gone RE [SECONDS]  wait until the pane's first line no
#                                 longer matches RE (grep), then for the
#                                 screen to settle (default 60 s); 1 on
#                                 time-out
#   tmux_resize COLS ROWS
#   tmux_new_server               kill the server; the next tmux_start
#                                 starts another, on a socket of its own
#   tmux_stop                     kill the server

if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux not installed"
	exit 0
fi

TMUX_SOCK="gt$$"
TMUX_TMP=$(mktemp -d) || exit 1
unset TMUX TMUX_PANE
export TERM=xterm-256color TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8
export HOME="$TMUX_TMP/home" XDG_CONFIG_HOME="$TMUX_TMP/xdg"
unset NO_COLOR
mkdir -p "$HOME"

tmux_stop() {
	tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
	rm -rf "$TMUX_TMP"
}
trap tmux_stop EXIT
trap 'exit 1' INT TERM HUP

tmux_start() {
	cols=$1 rows=$2
	shift 2
	tmux -L "$TMUX_SOCK" -f /dev/null new-session -d -x "$cols" -y "$rows" \
		-e TERM=screen-256color -e LC_ALL=C.UTF-8 -e TZ=UTC -e HOME="$HOME" \
		-e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" "$@" \; set-option -g remain-on-exit on >/dev/null
}

# A server being killed may still hold its socket: a new-session on it
# then fails ("server exited unexpectedly"), so the next one gets a name
# of its own.
_tmux_servers=0
tmux_new_server() {
	tmux -L "$TMUX_SOCK" kill-server 2>/dev/null
	_tmux_servers=$((_tmux_servers + 1))
	TMUX_SOCK="gt$$-$_tmux_servers"
}

tmux_keys() { tmux -L "$TMUX_SOCK" send-keys "$@"; }
tmux_text() { tmux -L "$TMUX_SOCK" send-keys -l "$1"; }
tmux_screen() { tmux -L "$TMUX_SOCK" capture-pane -p; }
tmux_resize() { tmux -L "$TMUX_SOCK" resize-window -x "$1" -y "$2"; }

tmux_wait() {
	_limit=$(( ${2:-10} * 10 ))
	_i=0
	while [ $_i -lt $_limit ]; do
		if tmux_screen | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "# timed out waiting for: $1"
	tmux_screen | sed 's/^/#   /'
	return 1
}

# tmux_settle: until two captures 0.3 s apart are the same (at most 5 s):
# a title can be on the screen before the rows of the same frame are,
# when the terminal's output arrives in pieces (a busy machine, ASan).
tmux_settle() {
	_prev=$(tmux_screen)
	_i=0
	while [ $_i -lt 16 ]; do
		sleep 0.3
		_now=$(tmux_screen)
		[ "$_now" = "$_prev" ] && return 0
		_prev=$_now
		_i=$((_i + 1))
	done
	return 0
}

tmux_header_gone() {
	_limit=$(( ${2:-60} * 10 ))
	_i=0
	while tmux_screen | head -1 | grep -q -- "$1"; do
		if [ $_i -ge $_limit ]; then
			echo "# still in the header after ${2:-60} s: $1"
			return 1
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
	tmux_settle
}

tmux_gone() {
	_limit=$(( ${1:-10} * 10 ))
	_i=0
	while [ $_i -lt $_limit ]; do
		d=$(tmux -L "$TMUX_SOCK" display-message -p '#{pane_dead}' 2>/dev/null)
		[ "$d" = 1 ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

tmux_wait_file() {
	_limit=$(( ${2:-10} * 10 ))
	_i=0
	while [ $_i -lt $_limit ]; do
		[ -s "$1" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "# no $1 after ${2:-10} s"
	tmux_screen | sed 's/^/#   /'
	return 1
}

TAP_N=0
tap() { # tap STATUS DESCRIPTION
	TAP_N=$((TAP_N + 1))
	if [ "$1" -eq 0 ]; then echo "ok $TAP_N - $2"; else echo "not ok $TAP_N - $2"; fi
}
