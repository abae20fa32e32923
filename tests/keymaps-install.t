#!/bin/sh
# keymaps-install.t: `make install` honours PREFIX and DESTDIR (mk/install.mk)
# and installs the binary, the man page and the keymap presets.
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
top=$(pwd)
[ -f "$top/GNUmakefile" ] && [ -f "$top/mk/install.mk" ] || { echo "1..0 # SKIP not at the top of the tree"; exit 0; }
# Reuse the build make test made (same BUILD and BIN); -o: never relink
# the binary other tests may be running.
build=${GT_BUILD#"$top"/}
bin=${GTVIEW#"$top"/}
echo 1..6
make -s -C "$top" -o "$bin" BUILD="$build" BIN="$bin" DESTDIR="$t/dest" PREFIX=/opt/gt install >"$t/log" 2>&1
r=$?
sed 's/^/# /' "$t/log"
[ $r = 0 ] && echo "ok 1 - make install DESTDIR=… PREFIX=/opt/gt" || echo "not ok 1 - make install DESTDIR=… PREFIX=/opt/gt"
[ -x "$t/dest/opt/gt/bin/gtview" ] && "$t/dest/opt/gt/bin/gtview" --version | grep -q '^gtview '
[ $? = 0 ] && echo "ok 2 - the binary is in \$DESTDIR\$PREFIX/bin and runs" || echo "not ok 2 - the binary is in \$DESTDIR\$PREFIX/bin and runs"
cmp -s "$t/dest/opt/gt/share/man/man1/gtview.1" man/gtview.1
[ $? = 0 ] && echo "ok 3 - the man page is in \$DESTDIR\$PREFIX/share/man/man1" || echo "not ok 3 - the man page is in \$DESTDIR\$PREFIX/share/man/man1"
perm=$(ls -l "$t/dest/opt/gt/share/man/man1/gtview.1" 2>/dev/null | cut -c1-10)
[ "$perm" = "-rw-r--r--" ] && echo "ok 4 - the man page is mode 644" || echo "not ok 4 - the man page is mode 644 ($perm)"
# Nothing is written outside DESTDIR: the binary, the man page and the
# keymap presets (keymaps/*.keys, byte for byte), nothing else.
want="./opt/gt/bin/gtview"
for k in keymaps/*.keys; do
	want="$want ./opt/gt/share/gtview/keymaps/${k#keymaps/}"
	cmp -s "$k" "$t/dest/opt/gt/share/gtview/keymaps/${k#keymaps/}" || want="$want (differs: $k)"
done
want="$want ./opt/gt/share/man/man1/gtview.1 "
found=$(cd "$t/dest" && find . -type f | LC_ALL=C sort | tr '\n' ' ')
[ "$found" = "$want" ] && echo "ok 5 - the binary, the man page and the presets installed, nothing else" ||
	echo "not ok 5 - the binary, the man page and the presets installed, nothing else (got: $found; want: $want)"
# The default PREFIX is /usr/local.
make -s -C "$top" -o "$bin" BUILD="$build" BIN="$bin" DESTDIR="$t/dest2" install >"$t/log" 2>&1 &&
	[ -x "$t/dest2/usr/local/bin/gtview" ] && [ -f "$t/dest2/usr/local/share/man/man1/gtview.1" ]
[ $? = 0 ] && echo "ok 6 - PREFIX defaults to /usr/local" || { sed 's/^/# /' "$t/log"; echo "not ok 6 - PREFIX defaults to /usr/local"; }
