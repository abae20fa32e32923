#!/bin/sh
# make-fixture.sh: rebuild tests/fixtures/blocked_go119.trace with Go 1.19
# (Debian golang-1.19-go).  Not run by CI: the committed trace is its output.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
export PATH=/usr/lib/go-1.19/bin:$PATH GOFLAGS=-mod=mod GOPROXY=off
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here" && go build -trimpath -o "$tmp/blocked" .)
"$tmp/blocked" "$root/tests/fixtures/blocked_go119.trace"
ls -l "$root/tests/fixtures/blocked_go119.trace"
