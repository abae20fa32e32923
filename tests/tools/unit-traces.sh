# unit-traces.sh PROG WHAT DIR...: runs the unit test PROG
# (tests/unit/PROG.c, built in $GT_BUILD/tests: `PROG TRACE...`, see
# tests/unit/trace_main.h) on the fixtures, then on the corpus's traces in
# DIR... of $GT_CORPUS (skipped when it has none): two TAP lines saying
# WHAT, with PROG's "# ..." lines but those that say nothing differs.
# Run with sh from tests/*.t.
set -u
: "${GT_BUILD:?run through make test}"
P=$GT_BUILD/tests/$1
what=$2
shift 2
cd "$(dirname "$0")/../.." || exit 1
echo 1..2
i=0
run() {
	i=$((i + 1))
	d=$1
	shift
	if out=$("$P" "$@" 2>&1); then
		echo "ok $i - $d"
	else
		echo "not ok $i - $d"
	fi
	printf '%s\n' "$out" | grep '^#' | grep -v ' 0 [a-z ]*differ$' | sed 's/^#/# /'
}
dirs=$*
run "fixtures: $what" tests/fixtures/*.trace
set --
for d in $dirs; do
	for f in "${GT_CORPUS:-/nonexistent}"/$d/*.trace; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
done
if [ $# = 0 ]; then
	echo "ok 2 # SKIP no corpus"
	exit 0
fi
run "corpus ($# traces): $what" "$@"
