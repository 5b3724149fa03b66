#!/bin/sh
# test.sh - installs what is missing, builds benchdb with warnings as errors,
# and runs the whole test suite; then does the same under AddressSanitizer
# and UndefinedBehaviorSanitizer. Exits non-zero when any test fails.
set -eu
cd "$(dirname "$0")/.."
# chromium renders the HTML report (tests/test_html_browser.c); unzip reads
# the XLSX workbook back (tests/test_xlsx.c).
BDB_TEST_PKGS="${BDB_TEST_PKGS-chromium unzip}" sh scripts/install-deps.sh

JOBS=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBDB_WERROR=ON >/dev/null
cmake --build build -j "$JOBS"
(cd build && ctest --output-on-failure -j "$JOBS")

if [ "${BDB_SKIP_SANITIZE:-0}" != 1 ]; then
    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DBDB_WERROR=ON -DBDB_SANITIZE=ON >/dev/null
    cmake --build build-asan -j "$JOBS"
    (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --output-on-failure -j "$JOBS")
fi
