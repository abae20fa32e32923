#!/bin/sh
# keymaps-help-overlay.t: the `?` help overlay of the viewer lists the same
# bindings as `gtview --list-keys` (vi, emacs, and with a user config).
# Drives the viewer headless (GTVIEW_SCRIPT, tui/script.h) on the demo trace.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg" TERM=xterm LINES=100 COLUMNS=140 TZ=UTC LC_ALL=C.UTF-8
unset NO_COLOR
n=0
check() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# "KEYS ACTION" pairs from a screen dump of the overlay: a line is
#   KEY[, KEY...]  ACTION  HELP   with ACTION one of actions.def's names.
sed -n 's/^ACTION([A-Z_]*, *"\([a-z-]*\)".*/\1/p' keymaps/actions.def >"$t/actions"
overlay_pairs() {
	awk 'NR == FNR { known[$1] = 1; next }
	     { for (i = 2; i <= NF; i++) if ($i in known) break
	       if (i > NF) next
	       keys = $1; for (j = 2; j < i; j++) keys = keys " " $j
	       if (keys == "(unbound)") next
	       m = split(keys, k, /, /)
	       for (j = 1; j <= m; j++) print k[j], $i }' "$t/actions" "$1"
}
compare() { # compare DESCRIPTION GTVIEW-ARGS...
	desc=$1
	shift
	printf '?\n:save-screen %s\nq\n' "$t/screen" >"$t/script"
	rm -f "$t/screen"
	GTVIEW_SCRIPT="$t/script" "$GTVIEW" "$@" --demo >/dev/null 2>"$t/err"
	"$GTVIEW" "$@" --list-keys 2>/dev/null | awk '{ print $1, $2 }' | sort >"$t/want"
	if [ ! -s "$t/screen" ]; then
		sed 's/^/# /' "$t/err"
		check 1 "$desc (no screen dump)"
		return
	fi
	overlay_pairs "$t/screen" | sort >"$t/got"
	if [ -s "$t/want" ] && cmp -s "$t/want" "$t/got"; then
		check 0 "$desc"
	else
		diff "$t/want" "$t/got" | sed 's/^/# /'
		check 1 "$desc"
	fi
}
echo 1..3
compare "help overlay = --list-keys (vi preset)"
compare "help overlay = --list-keys (-k emacs)" -k emacs
mkdir -p "$t/xdg/gtview"
printf 'unbind gg\nbind g goto-first\nbind <C-x>k quit\nbind <M-r> search-reverse\n' >"$t/xdg/gtview/config"
compare "help overlay = --list-keys (user config)"
