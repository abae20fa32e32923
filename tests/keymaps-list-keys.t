#!/bin/sh
# keymaps-list-keys.t: `gtview --list-keys` lists exactly the bindings of the
# presets (keymaps/*.keys) with the help of the action table
# (keymaps/actions.def), and the user's config changes it as documented.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR
n=0
check() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
same() { # same FILE1 FILE2 DESCRIPTION: sorted contents equal
	sort "$1" >"$t/a" && sort "$2" >"$t/b"
	if cmp -s "$t/a" "$t/b"; then check 0 "$3"; else diff "$t/a" "$t/b" | sed 's/^/# /'; check 1 "$3"; fi
}
pairs_of_keys_file() { awk '$1 == "bind" { print $2, $3 }' "$1"; }
pairs_of_listing() { awk '{ print $1, $2 }' "$1"; }
echo 1..16

"$GTVIEW" --list-keys >"$t/vi" 2>"$t/err"
[ $? = 0 ] && [ ! -s "$t/err" ] && [ -s "$t/vi" ]
check $? "--list-keys: exit 0, no messages"
pairs_of_keys_file keymaps/default.keys >"$t/want"
pairs_of_listing "$t/vi" >"$t/got"
same "$t/want" "$t/got" "--list-keys lists exactly the bindings of keymaps/default.keys"

# Help texts come from the table: ACTION(ID, "name", GROUP, "help")
sed -n 's/^ACTION([A-Z_]*, *"\([a-z-]*\)", *[A-Z_]*, *"\(.*\)")$/\1 \2/p' keymaps/actions.def >"$t/help"
[ "$(wc -l <"$t/help")" -gt 30 ]
check $? "actions.def parses ($(wc -l <"$t/help") actions)"
awk 'NR == FNR { a = $1; $1 = ""; help[a] = substr($0, 2); next }
     { k = $1; a = $2; $1 = ""; $2 = ""; h = substr($0, 3)
       if (!(a in help)) { print "# unknown action " a; bad = 1 }
       else if (help[a] != h) { print "# " a ": [" h "] != [" help[a] "]"; bad = 1 } }
     END { exit bad }' "$t/help" "$t/vi"
check $? "every --list-keys line carries its action's help text"

"$GTVIEW" -k emacs --list-keys >"$t/emacs" 2>"$t/err"
[ $? = 0 ] && [ ! -s "$t/err" ]
check $? "-k emacs --list-keys: exit 0, no messages"
pairs_of_keys_file keymaps/emacs.keys >"$t/want"
pairs_of_listing "$t/emacs" >"$t/got"
same "$t/want" "$t/got" "-k emacs lists exactly keymaps/emacs.keys"
awk '{ print $1 }' "$t/help" | sort >"$t/all"
awk '{ print $2 }' "$t/emacs" | sort -u >"$t/bound"
same "$t/all" "$t/bound" "the emacs preset binds every action"
grep -Eq '^<C-x><C-c> +quit ' "$t/emacs" && grep -Eq '^<M-<> +goto-first ' "$t/emacs" &&
	grep -Eq '^<C-s> +search ' "$t/emacs" && grep -Eq '^<C-r> +search-reverse ' "$t/emacs"
check $? "emacs keys: <C-x><C-c>, <M-<>, <C-s>, <C-r>"

# A config with good and bad lines: messages on stderr, the rest applied.
mkdir -p "$t/xdg/gtview"
cat >"$t/xdg/gtview/config" <<'CONF'
# test config
bind x quit
unbind q
bind y frobnicate
bind <C-m> zoom-in
set ascii sometimes
unbind gg
bind g goto-first
bogus line here
CONF
"$GTVIEW" --list-keys >"$t/user" 2>"$t/err"
rc=$?
cat >"$t/want" <<'MSG'
gtview: config:4: unknown action 'frobnicate' (see gtview --list-keys, gtview(1))
gtview: config:5: <C-m> is the same key as <Enter> on a terminal: <Enter> was open-selection, now zoom-in
gtview: config:6: ascii must be on or off, not 'sometimes'
gtview: config:9: unknown command 'bogus' (bind, unbind, keymap, set)
MSG
[ $rc = 0 ] && cmp -s "$t/want" "$t/err"
check $? "bad config lines give 'config:LINE: what is wrong' on stderr, exit 0"
[ $rc = 0 ] || echo "# rc=$rc"
diff "$t/want" "$t/err" | sed 's/^/# /'
{ pairs_of_keys_file keymaps/default.keys | grep -v -e '^q ' -e '^gg ' -e '^<Enter> '
  echo "x quit"; echo "<Enter> zoom-in"; echo "g goto-first"; } >"$t/want"
pairs_of_listing "$t/user" >"$t/got"
same "$t/want" "$t/got" "the good lines are applied on top of the defaults"

# keymap in the config; -k on the command line wins over it.
printf 'keymap emacs\nbind <C-q> quit\n' >"$t/xdg/gtview/config"
"$GTVIEW" --list-keys >"$t/user" 2>"$t/err"
grep -Eq '^<C-n> +move-down ' "$t/user" && grep -Eq '^<C-q> +quit ' "$t/user" &&
	! grep -Eq '^j ' "$t/user" && [ ! -s "$t/err" ]
check $? "'keymap emacs' in the config selects the emacs preset"
"$GTVIEW" -k vi --list-keys >"$t/user" 2>"$t/err"
grep -Eq '^j +move-down ' "$t/user" && grep -Eq '^<C-q> +quit ' "$t/user" && [ ! -s "$t/err" ]
check $? "-k vi overrides 'keymap emacs'; bind lines still apply"

# Without XDG_CONFIG_HOME: ~/.config/gtview/config
mkdir -p "$t/home/.config/gtview"
echo 'bind Q quit' >"$t/home/.config/gtview/config"
env -u XDG_CONFIG_HOME "$GTVIEW" --list-keys >"$t/user" 2>"$t/err"
grep -Eq '^Q +quit ' "$t/user"
check $? "~/.config/gtview/config is read when XDG_CONFIG_HOME is unset"

# --config FILE
echo 'bind Z zoom-fit' >"$t/other"
"$GTVIEW" --config "$t/other" --list-keys >"$t/user" 2>"$t/err"
grep -Eq '^Z +zoom-fit ' "$t/user" && ! grep -Eq '^<C-q> ' "$t/user"
check $? "--config FILE is read instead of the default file"
"$GTVIEW" --config "$t/missing" --list-keys >"$t/user" 2>"$t/err"
rc=$?
[ $rc = 0 ] && grep -qxF "gtview: config: cannot read $t/missing: No such file or directory" "$t/err" &&
	grep -Eq '^j +move-down ' "$t/user"
check $? "a missing --config FILE is reported; the defaults still work"

# Collisions between keys a terminal cannot tell apart.
printf 'bind <C-i> zoom-in\nbind <Backspace> go-back\nbind <C-h> move-left\n' >"$t/coll"
"$GTVIEW" --config "$t/coll" --list-keys >"$t/user" 2>"$t/err"
grep -qxF "gtview: config:1: <C-i> is the same key as <Tab> on a terminal: <Tab> was next-pane, now zoom-in" "$t/err" &&
	grep -qxF "gtview: config:3: <C-h> and <Backspace> can be the same key on a terminal: <Backspace> is go-back, <C-h> is move-left" "$t/err"
check $? "<Tab>/<C-i> and <Backspace>/<C-h> collisions are reported"
