#!/bin/sh
# install-deps.sh - installs the Debian/Ubuntu packages benchdb builds and
# tests with, skipping those already present. Uses sudo when not root.
set -eu

BUILD_PKGS="build-essential cmake pkg-config libsqlite3-dev libcairo2-dev \
libxlsxwriter-dev libcsv-dev libcmocka-dev libjansson-dev zlib1g-dev"
# Tests that check rendered output use these; the demo does not need them.
TEST_PKGS="${BDB_TEST_PKGS:-}"

missing=""
for p in $BUILD_PKGS $TEST_PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "installing:$missing"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
