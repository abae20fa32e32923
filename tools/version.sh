#!/bin/sh
# version.sh: prints the version of this tree, for `gtview --version` and
# `make dist`.  A release tarball carries a VERSION file (written by make
# dist); a git checkout asks `git describe` for the nearest vX.Y.Z tag
# ("0.2.0", "0.2.0-3-gabc1234-dirty"); with no tag it is DEF_VER and the
# commit ("0.1.0-gabc1234").  Neither: DEF_VER.
DEF_VER=0.1.0
cd "$(dirname "$0")/.." || exit 1
if [ -f VERSION ]; then
	v=$(sed -n 1p VERSION)
# .git here, not an enclosing repository's (a tarball unpacked in a checkout)
elif [ -e .git ] && v=$(git describe --tags --always --dirty --match 'v[0-9]*' 2>/dev/null); then
	case $v in
	v[0-9]*) v=${v#v} ;;
	*) v=$DEF_VER-g$v ;;
	esac
else
	v=$DEF_VER
fi
printf '%s\n' "${v:-$DEF_VER}"
