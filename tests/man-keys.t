#!/bin/sh
# man-keys.t: gtview(1) KEY BINDINGS lists the same bindings as
# `gtview --list-keys` (and -k emacs), and every action of the table.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
n=0
check() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
same() {
	sort "$1" >"$t/a" && sort "$2" >"$t/b"
	if cmp -s "$t/a" "$t/b"; then check 0 "$3"; else diff "$t/a" "$t/b" | sed 's/^/# /'; check 1 "$3"; fi
}
# Pairs "KEYS ACTION" from the mdoc lists between two section markers:
#   .It Li \&j , Li \&<Down>      (keys)      .Pq Ic move-down .   (action)
man_pairs() { # man_pairs FROM-REGEX TO-REGEX
	awk -v from="$1" -v to="$2" '
		$0 ~ from { on = 1; next }
		$0 ~ to { on = 0 }
		!on { next }
		/^\.It Li / { line = substr($0, 8); nk = split(line, k, / , Li /); next }
		/^\.It Em not bound/ { nk = 0; next }
		/^\.Pq Ic / { for (i = 1; i <= nk; i++) { s = k[i]; sub(/^\\&/, "", s); gsub(/\\e/, "\\", s); print s, $3 } nk = 0 }
	' man/gtview.1
}
echo 1..4
"$GTVIEW" --list-keys | awk '{ print $1, $2 }' >"$t/vi"
man_pairs '^\.Ss General$' '^\.Ss The emacs preset$' >"$t/man-vi"
same "$t/vi" "$t/man-vi" "man page KEY BINDINGS = gtview --list-keys"
"$GTVIEW" -k emacs --list-keys | awk '{ print $1, $2 }' >"$t/emacs"
man_pairs '^\.Ss The emacs preset$' '^\.\\" END GENERATED' >"$t/man-emacs"
same "$t/emacs" "$t/man-emacs" "man page emacs preset = gtview -k emacs --list-keys"
# Every action of keymaps/actions.def is described, bound or not.
sed -n 's/^ACTION([A-Z_]*, *"\([a-z-]*\)".*/\1/p' keymaps/actions.def >"$t/actions"
awk '/^\.Ss General$/ { on = 1 } /^\.Ss The emacs preset$/ { on = 0 } on && /^\.Pq Ic / { print $3 }' \
	man/gtview.1 >"$t/man-actions"
same "$t/actions" "$t/man-actions" "every action of actions.def is in the man page once"
# Keys in config examples of the page are valid: they load without messages.
awk '/^\.Bd -literal/ { on = 1; next } /^\.Ed/ { on = 0 } on && /^(keymap|bind|unbind|set) /' \
	man/gtview.1 >"$t/example-config"
[ -s "$t/example-config" ] && "$GTVIEW" --config "$t/example-config" --list-keys >/dev/null 2>"$t/err" &&
	[ ! -s "$t/err" ]
r=$?
sed 's/^/# /' "$t/err"
check $r "the configuration example of the man page loads without messages"
