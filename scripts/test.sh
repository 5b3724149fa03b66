#!/bin/sh
# test.sh - installs what is missing, builds benchdb with warnings as errors,
# and runs the whole test suite; then does the same under AddressSanitizer
# and UndefinedBehaviorSanitizer, and runs every fuzz target for a bounded
# time (tests/fuzz/run.sh). Exits non-zero when any test fails, when a
# build ran no test at all, when a fuzz target finds something, and - in
# CI (CI=true) - when a test was skipped for want of a tool.
#
# BDB_SKIP_SANITIZE=1 leaves out the sanitizer build, BDB_SKIP_FUZZ=1 the
# fuzzing; BDB_FUZZ_SECONDS (default 8 per target) and BDB_FUZZ_SEED make
# the fuzzing longer or repeat a run.
set -eu
cd "$(dirname "$0")/.."

CI="${CI:-false}"
# chromium renders the HTML report (tests/test_html_browser.c); unzip reads
# the XLSX workbook back (tests/test_xlsx.c); clang and its runtime build
# the libFuzzer targets (Debian 12 ships libFuzzer in libclang-rt-14-dev).
FUZZ_PKGS=""
if [ "${BDB_SKIP_FUZZ:-0}" != 1 ]; then
    FUZZ_PKGS="clang libclang-rt-14-dev"
fi
BDB_TEST_PKGS="${BDB_TEST_PKGS-chromium unzip $FUZZ_PKGS}" sh scripts/install-deps.sh

JOBS=$(nproc 2>/dev/null || echo 2)

# Runs ctest in build folder $1 with the environment given after it; fails
# when no test ran (a cache with BDB_TESTS=OFF, left by scripts/demo.sh,
# once made this pass with "No tests were found!!!") and, in CI, when a
# test skipped.
run_suite() {
    dir="$1"
    shift
    total=$(cd "$dir" && ctest -N | sed -n 's/^Total Tests: *//p')
    if [ -z "$total" ] || [ "$total" -eq 0 ]; then
        echo "test.sh: ctest found no test in $dir (is BDB_TESTS off in its cache?)" >&2
        exit 1
    fi
    (cd "$dir" && env "$@" ctest --output-on-failure -j "$JOBS")
    # cmocka prints "[  SKIPPED ]" for skip(); ctest counts that as passed
    log="$dir/Testing/Temporary/LastTest.log"
    skipped=$(grep -h '^\[  SKIPPED \] ' "$log" 2>/dev/null | sort -u || true)
    if [ -n "$skipped" ]; then
        echo "test.sh: skipped in $dir:" >&2
        echo "$skipped" >&2
        if [ "$CI" = true ]; then
            echo "test.sh: a skipped test tests nothing; in CI that is a failure" \
                 "(install chromium and unzip: apt-get install chromium unzip)" >&2
            exit 1
        fi
        echo "test.sh: install what they need to run them: apt-get install chromium unzip" >&2
    fi
    echo "test.sh: $total tests in $dir"
}

# -DBDB_TESTS=ON: a cached OFF (scripts/demo.sh) must not turn tests off.
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBDB_WERROR=ON \
    -DBDB_TESTS=ON -DBDB_SANITIZE=OFF >/dev/null
cmake --build build -j "$JOBS"
run_suite build CI="$CI"

if [ "${BDB_SKIP_SANITIZE:-0}" != 1 ]; then
    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DBDB_WERROR=ON \
        -DBDB_TESTS=ON -DBDB_SANITIZE=ON >/dev/null
    cmake --build build-asan -j "$JOBS"
    run_suite build-asan CI="$CI" ASAN_OPTIONS=detect_leaks=1 \
        UBSAN_OPTIONS=print_stacktrace=1
fi

if [ "${BDB_SKIP_FUZZ:-0}" != 1 ]; then
    # about two minutes: 15 targets x 8 s; the seed is printed
    BDB_FUZZ_SECONDS="${BDB_FUZZ_SECONDS:-8}" sh tests/fuzz/run.sh
fi
