#!/bin/sh
# keymaps-options.t: the viewer's command line (cmd/options.c):
# --version, --help, and usage errors (exit 2 with a clear message).
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
# No user config may leak in.
export HOME="$t/home" XDG_CONFIG_HOME="$t/xdg"
unset NO_COLOR
n=0
check() { # check EXIT-STATUS-OF-TEST DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
run() { # run ARGS...: sets rc, out, err
	"$GTVIEW" "$@" >"$t/out" 2>"$t/err" </dev/null
	rc=$?
	out=$(cat "$t/out")
	err=$(cat "$t/err")
}
echo 1..16

run --version
printf '%s\n' "$out" | grep -Eqx 'gtview [0-9]+\.[0-9]+(\.[0-9]+)?([-+~][A-Za-z0-9.-]+)?'
check $? "--version prints 'gtview VERSION'"
[ "$rc" = 0 ] && [ -z "$err" ] && [ "$(wc -l <"$t/out")" = 1 ]
check $? "--version: exit 0, one line, nothing on stderr"
v=$out
run -V
[ "$rc" = 0 ] && [ "$out" = "$v" ]
check $? "-V is --version"

run --help
ok=0
[ "$rc" = 0 ] && [ -z "$err" ] || ok=1
for word in 'usage: gtview' --demo --keymap --config --no-color --ascii --list-keys --help --version \
	check stats dump goroutines gc assemble; do
	printf '%s\n' "$out" | grep -q -e "$word" || { echo "# --help lacks $word"; ok=1; }
done
check $ok "--help: exit 0, lists every option and command"
h=$out

# every command of the man page's COMMANDS, with the usage line the
# command itself prints for --help (issue 30: --help listed five)
ok=0
cmds=$(sed -n '/^\.Sh COMMANDS/,/^\.Sh /s/^\.It Cm \([a-z]*\).*/\1/p' "$here/../man/gtview.1" | sort -u)
[ "$(printf '%s\n' "$cmds" | wc -l)" -ge 9 ] || { echo "# man page commands: $cmds"; ok=1; }
for c in $cmds; do
	u=$("$GTVIEW" "$c" --help 2>/dev/null | sed -n '1s/^usage: gtview //p')
	[ -n "$u" ] && printf '%s\n' "$h" | grep -qxF "  $u" || { echo "# --help lacks '$c': '$u'"; ok=1; }
done
check $ok "--help lists every command of the man page, with its own usage line"
run -h
[ "$rc" = 0 ] && [ "$out" = "$h" ]
check $? "-h is --help"

usage_error() { # usage_error MESSAGE DESCRIPTION ARGS...
	msg=$1 desc=$2
	shift 2
	run "$@"
	if [ "$rc" = 2 ] && [ -z "$out" ] && printf '%s\n' "$err" | head -1 | grep -qxF "gtview: $msg"; then
		check 0 "$desc"
	else
		echo "# rc=$rc out=[$out] err=[$err]"
		check 1 "$desc"
	fi
}
usage_error "unknown option '--bogus'" "unknown option: exit 2" --bogus x.trace
usage_error "unknown option '-x'" "unknown short option: exit 2" -x x.trace
usage_error "unknown keymap 'nosuch' (vi emacs)" "-k with an unknown preset: exit 2" -k nosuch x.trace
usage_error "unknown keymap 'nosuch' (vi emacs)" "--keymap=NAME form is parsed" --keymap=nosuch x.trace
usage_error "option '-k' needs an argument" "-k without a NAME: exit 2" -k
usage_error "option '--config' needs an argument" "--config without a FILE: exit 2" --config
usage_error "more than one trace given: 'b.trace'" "two traces: exit 2" a.trace b.trace
usage_error "--demo takes no trace, but 'a.trace' was given" "--demo and a trace: exit 2" --demo a.trace
usage_error "no trace given (a file, '-' for stdin, or --demo)" "no trace at all: exit 2" --ascii

# The usage hint follows every usage error.
run --bogus
printf '%s\n' "$err" | tail -1 | grep -qxF "Try 'gtview --help'."
check $? "usage errors end with a hint to --help"
