#!/bin/sh
# install-deps.sh - installs the Debian/Ubuntu packages benchdb builds and
# tests with, skipping those already present. Uses sudo when not root, and
# waits up to 5 minutes for another package manager to release its lock.
set -eu

# libpq-dev and libmicrohttpd-dev are optional for the build (the
# PostgreSQL back-end and `benchdb serve` are on when they are there, and
# their tests run); pango renders chart and PDF text, DejaVu is its font.
BUILD_PKGS="build-essential cmake pkg-config libsqlite3-dev libcairo2-dev \
libpango1.0-dev libxlsxwriter-dev libcsv-dev libcmocka-dev libjansson-dev \
zlib1g-dev libpq-dev libmicrohttpd-dev fonts-dejavu-core"
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
# Another apt or dpkg (unattended-upgrades on a fresh machine) may hold the
# dpkg lock: wait for it instead of failing with status 100.
LOCK="-o DPkg::Lock::Timeout=300"
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get $LOCK update -qq
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get $LOCK install -y -qq --no-install-recommends $missing
