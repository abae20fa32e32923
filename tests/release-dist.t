#!/bin/sh
# release-dist.t: `make dist` writes gtview-VERSION.tar.gz (mk/dist.mk)
# whose tree, without git, builds with `make`, installs with `make install
# DESTDIR=... PREFIX=...`, and whose gtview prints VERSION for --version.
top=$(pwd)
[ -f "$top/GNUmakefile" ] && [ -f "$top/mk/dist.mk" ] || { echo "1..0 # SKIP not at the top of the tree"; exit 0; }
# A tarball's own tree has no .git: nothing to make a tarball from.
[ -e "$top/.git" ] && command -v git >/dev/null 2>&1 || { echo "1..0 # SKIP not a git checkout"; exit 0; }
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
echo 1..9
n=0
check() { # check STATUS NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# The tarball's build is its own: none of this make's variables reach it
# (make asan runs the tests with BUILD, BIN, CFLAGS and LDFLAGS on its
# command line, which make exports).
clean_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		-u BUILD -u BIN -u CFLAGS -u LDFLAGS -u CORPUS -u T make "$@"
}

v=$(sh tools/version.sh)
# Without a tag at HEAD the version names the commit (git describe --always).
if git describe --tags --exact-match --match 'v[0-9]*' HEAD >/dev/null 2>&1; then
	want_v=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD | sed 's/^v//')
	case $v in "$want_v" | "$want_v"-dirty) r=0 ;; *) r=1 ;; esac
else
	case $v in *-g"$(git rev-parse --short HEAD)"*) r=0 ;; *) r=1 ;; esac
fi
printf '%s\n' "$v" | grep -Eqx '[0-9]+\.[0-9]+(\.[0-9]+)?([-+~][A-Za-z0-9.-]+)?' || r=1
check $r "tools/version.sh: $v comes from git describe"

mkdir "$t/dist" "$t/src"
clean_make -s -C "$top" BUILD="$t/build" DIST_DIR="$t/dist" dist >"$t/log" 2>&1
r=$?
sed 's/^/# /' "$t/log"
tarball=$t/dist/gtview-$v.tar.gz
[ $r = 0 ] && [ -f "$tarball" ] && [ "$(ls "$t/dist")" = "gtview-$v.tar.gz" ]
check $? "make dist writes exactly gtview-$v.tar.gz"

tar -xzf "$tarball" -C "$t/src" 2>"$t/log"
r=$?
src=$t/src/gtview-$v
# One top directory; the VERSION file; no .git; the tracked files.
[ $r = 0 ] && [ "$(ls "$t/src")" = "gtview-$v" ] && [ "$(cat "$src/VERSION")" = "$v" ] && [ ! -e "$src/.git" ] &&
	[ "$(cd "$src" && find . -type f ! -name VERSION | sed 's#^\./##' | LC_ALL=C sort)" = "$(git ls-files | LC_ALL=C sort)" ]
check $? "the tarball holds gtview-$v/: the tracked files and VERSION, no .git"

# Built where git cannot answer (GIT_CEILING_DIRECTORIES: no repository
# above the tree either), lightly (-O0: the test is about the tarball).
GIT_CEILING_DIRECTORIES=$t/src clean_make -s -C "$src" -j2 CFLAGS=-O0 >"$t/log" 2>&1
r=$?
[ $r = 0 ] || tail -20 "$t/log" | sed 's/^/# /'
[ $r = 0 ] && [ -x "$src/gtview" ]
check $? "the unpacked tree builds with make"

[ "$("$src/gtview" --version 2>&1)" = "gtview $v" ]
check $? "its gtview --version prints 'gtview $v' (from VERSION)"

clean_make -s -C "$src" DESTDIR="$t/dest" PREFIX=/usr install >"$t/log" 2>&1
r=$?
sed 's/^/# /' "$t/log"
check $r "make install DESTDIR=... PREFIX=/usr"

want="./usr/bin/gtview"
for k in "$src"/keymaps/*.keys; do want="$want ./usr/share/gtview/keymaps/${k##*/}"; done
want="$want ./usr/share/man/man1/gtview.1 "
found=$(cd "$t/dest" && find . -type f | LC_ALL=C sort | tr '\n' ' ')
[ "$found" = "$want" ] && cmp -s "$t/dest/usr/share/man/man1/gtview.1" man/gtview.1
check $? "installed: the binary, the man page, the keymap presets${found:+ ($found)}"

[ "$("$t/dest/usr/bin/gtview" --version 2>&1)" = "gtview $v" ]
check $? "the installed gtview --version prints 'gtview $v'"

# The installed binary works on a real trace (the committed demo fixture).
"$t/dest/usr/bin/gtview" check tests/fixtures/demo.trace >"$t/log" 2>&1
r=$?
sed 's/^/# /' "$t/log"
check $r "the installed gtview checks a trace (exit 0)"
