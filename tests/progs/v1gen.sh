#!/bin/sh
# v1gen.sh: (re)makes the Go-written v1 fixtures of tests/fixtures/v1 with
# Go 1.19 (header "go 1.19 trace") and their expected per-type counts, which
# are what Go 1.19's own parser reports (`go tool trace -d`), plus the
# hand-built traces of v1synth/mk.py (checked the same way for 1.5-1.19).
set -eu
GO=${GO:-/usr/lib/go-1.19/bin/go}
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../fixtures/v1
mkdir -p "$out"
python3 "$here/v1synth/mk.py" "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/v1basic" && GOFLAGS=-mod=mod GOPROXY=off "$GO" build -o "$tmp/gobin" .)
for p in v1basic v1cpu; do
	(cd "$here/$p" && GOFLAGS=-mod=mod GOPROXY=off GOMAXPROCS=4 "$GO" run . "$out/${p#v1}_go119.trace")
done
for t in "$out"/*.trace; do
	case $t in *synth_1_21*) continue ;; esac # Go 1.19 cannot read 1.21
	bin=
	case $t in *synth_1_5*) bin=$tmp/gobin ;; esac # 1.5 needs a Go binary (bare PCs)
	"$GO" tool trace -d $bin "$t" 2>/dev/null | python3 -c '
import collections, json, sys
c = collections.Counter(l.split()[1] for l in sys.stdin if l[:1].isdigit())
json.dump({"by_type": dict(sorted(c.items())), "events": sum(c.values())}, sys.stdout, sort_keys=True)
print()' > "${t%.trace}.go119.json"
done
