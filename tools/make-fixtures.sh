#!/bin/bash
# make-fixtures.sh: regenerate the real v2 traces under tests/fixtures/.
#
#   tools/make-fixtures.sh [WORKDIR]      (default /tmp/gtview-fixtures)
#
# Each trace is written by a real Go runtime: the esbuild bundler (a Go
# program) from the npm registry, run with --trace=FILE --watch and
# GOMAXPROCS=3 on a small JS project generated here (40 modules): the first
# build, a pause past a generation boundary, one rebuild, then esbuild is
# told to exit (stdin closed), so each trace is whole, spans two
# generations and holds a few GC cycles.  esbuild versions and their Go:
#   0.23.1 -> Go 1.22   (header "go 1.22 trace")  esbuild_go122.trace
#   0.25.9 -> Go 1.23   (header "go 1.23 trace")  esbuild_go123.trace
#   0.27.3 -> Go 1.25   (header "go 1.25 trace")  esbuild_go125.trace
#   0.28.2 -> Go 1.26   (header "go 1.26 trace")  esbuild_go126.trace
# demo.trace (embedded for `gtview --demo`) is esbuild 0.28.2 in watch mode
# with GOMAXPROCS=4 and GOGC=75, rebuilding three times: several Ps, GC
# cycles, stop-the-world pauses, goroutines blocked in watch mode.
#
# Needs npm, python3, tar.  esbuild itself is unpacked into WORKDIR and is
# never committed.  Traces differ from run to run (scheduling); sizes are
# checked to stay between 20 KB and 300 KB (demo: at most 600 KB), with a
# few tries.  tests/fixtures-traces.t checks what gtview reports on them
# against a raw count of their wire events.  Not run by CI: the committed
# fixtures are its output.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dest=$here/tests/fixtures
work=${1:-/tmp/gtview-fixtures}
mkdir -p "$work" "$dest"
cd "$work"

esbuild() { # esbuild VERSION -> path of its binary (npm pack, unpacked)
	if [ ! -x "esbuild-$1/package/bin/esbuild" ]; then
		rm -rf "esbuild-$1" && mkdir -p "esbuild-$1"
		(cd "esbuild-$1" && npm pack --silent "@esbuild/linux-x64@$1" >/dev/null && tar xzf ./*.tgz)
	fi
	echo "$work/esbuild-$1/package/bin/esbuild"
}

# A small synthetic JS project: N modules importing each other (seeded).
gen_project() { # gen_project DIR N
	python3 - "$1" "$2" <<'PY'
import os, random, sys
d, n = sys.argv[1], int(sys.argv[2])
random.seed(7)
os.makedirs(d, exist_ok=True)
for i in range(n):
    deps = random.sample(range(n), min(3, n))
    body = "\n".join(
        f"export function fn{i}_{k}(a, b) {{ let s = 0; for (let j = 0; j < a; j++) s += j * {k} + b; return s + `{i}-{k}`.length; }}"
        for k in range(12))
    imps = "\n".join(f"import {{ fn{x}_0 as d{x} }} from './m{x}.js';" for x in deps)
    uses = " + ".join(f"d{x}(1, 2)" for x in deps)
    with open(f"{d}/m{i}.js", "w") as f:
        f.write(f"{imps}\n{body}\nexport const v{i} = () => {uses};\n")
with open(f"{d}/index.js", "w") as f:
    f.write("\n".join(f"import {{ v{i} }} from './m{i}.js'; console.log(v{i});" for i in range(n)) + "\n")
PY
}

size_ok() { # size_ok FILE MIN MAX
	local s
	s=$(stat -c %s "$1")
	if [ "$s" -lt "$2" ] || [ "$s" -gt "$3" ]; then
		echo "make-fixtures: $1 is $s bytes, wanted $2..$3" >&2
		return 1
	fi
}

# One watch-mode run per Go version: the initial build, a pause past the
# first generation boundary (about 1 s), one rebuild, then stdin closes and
# esbuild exits, ending the trace cleanly.  (A low GOGC makes idle GC
# workers start and stop tens of thousands of times: keep the default.)
rm -rf small && gen_project small/src ${SMALL_MODULES:-40}
cp small/src/m1.js small/m1.orig
# Pauses found by trial so that each trace spans two generations without
# growing past 300 KB.
for triple in 0.23.1:go122:2.2 0.25.9:go123:2.2 0.27.3:go125:1.2 0.28.2:go126:1.2; do
	v=${triple%%:*} rest=${triple#*:}
	tag=${rest%%:*} pause=${rest#*:}
	bin=$(esbuild "$v")
	out=$dest/esbuild_$tag.trace
	# Up to 6 tries: now and then the background sweeper yields (GoStop
	# "runtime.Gosched") ~100000 times in a second, making a 1 MB trace.
	for try in 1 2 3 4 5 6; do
		cp small/m1.orig small/src/m1.js
		(sleep "$pause"; echo "export const z1 = 1;" >>small/src/m1.js; sleep 0.5) |
			GOMAXPROCS=3 GOGC=${SMALL_GOGC:-100} "$bin" small/src/index.js --bundle \
				--outfile=small/out.js --log-level=error --watch --trace="$work/$tag.trace" || true
		size_ok "$work/$tag.trace" 20000 300000 && break
		[ $try -lt 6 ] || exit 1
	done
	cp "$work/$tag.trace" "$out"
	echo "$out: $(head -c 16 "$out" | tr -d '\0'), $(stat -c %s "$out") bytes"
done
cp small/m1.orig small/src/m1.js

# demo.trace: watch mode, a few rebuilds.  stdin stays open while we edit a
# module every half second; closing it ends esbuild (and the trace) cleanly.
bin=$(esbuild 0.28.2)
for try in 1 2 3 4 5 6; do
	rm -rf demo && gen_project demo/src ${DEMO_MODULES:-60}
	(for i in 1 2 3; do sleep 0.5; echo "export const z$i = $i;" >>demo/src/m1.js; done; sleep 1) |
		GOMAXPROCS=4 GOGC=${DEMO_GOGC:-75} "$bin" demo/src/index.js --bundle \
			--outfile=demo/out.js --log-level=error --watch --trace="$work/demo.trace" || true
	size_ok "$work/demo.trace" 20000 600000 && break
	[ $try -lt 6 ] || exit 1
done
cp "$work/demo.trace" "$dest/demo.trace"
echo "$dest/demo.trace: $(stat -c %s "$dest/demo.trace") bytes"
