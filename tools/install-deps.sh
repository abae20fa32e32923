#!/bin/sh
# install-deps.sh [run|test]: installs from Debian (12 "bookworm" or later)
# what gtview needs to build and run, and with "test" (the default) also
# what its tests use.  Run as root, or as a user who may sudo.
set -eu
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
pkgs="build-essential pkg-config libncurses-dev libtermkey-dev zlib1g-dev"
[ "${1:-test}" = run ] || pkgs="$pkgs libcmocka-dev tmux python3 jq mandoc man-db valgrind clang libclang-rt-14-dev"
$SUDO apt-get update -qq
# Go 1.19's own tools are references some tests compare with (they skip
# without them); Debian 12 has them, later releases may not.
if [ "${1:-test}" != run ] && apt-cache show golang-1.19-go >/dev/null 2>&1; then
	pkgs="$pkgs golang-1.19-go"
fi
$SUDO apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
