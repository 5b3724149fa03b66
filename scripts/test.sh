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
# the XLSX workbook back and gnumeric's ssconvert recalculates it
# (tests/test_xlsx.c); poppler-utils open the PDF report (tests/test_pdf.c)
# and fonts-noto-cjk draw its CJK names; sqlite3 finds a page to damage
# (tests/test_cli.c); postgresql runs the PostgreSQL back-end's tests
# (scripts/pg-test-server.sh); clang builds the libFuzzer targets.
FUZZ_PKGS=""
if [ "${BDB_SKIP_FUZZ:-0}" != 1 ]; then
    FUZZ_PKGS="clang"
fi
SUITE_PKGS="chromium unzip gnumeric poppler-utils fonts-noto-cjk sqlite3 postgresql valgrind"
BDB_TEST_PKGS="${BDB_TEST_PKGS-$SUITE_PKGS $FUZZ_PKGS}" sh scripts/install-deps.sh

# libFuzzer's runtime is a package of its own on Debian 12
# (libclang-rt-14-dev, for clang 14) and newer; older Ubuntus ship it with
# clang. Installed only when clang cannot link a fuzz target without it.
fuzz_links() {
    t=$(mktemp -d)
    printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
        >"$t/f.c"
    ok=0
    clang -fsanitize=fuzzer,address,undefined "$t/f.c" -o "$t/f" 2>/dev/null || ok=1
    rm -rf "$t"
    return $ok
}
if [ "${BDB_SKIP_FUZZ:-0}" != 1 ] && ! fuzz_links; then
    v=$(clang -dumpversion | cut -d. -f1)
    BDB_TEST_PKGS="libclang-rt-$v-dev" sh scripts/install-deps.sh
    if ! fuzz_links; then
        echo "test.sh: clang cannot link -fsanitize=fuzzer (install libclang-rt-$v-dev)" >&2
        exit 1
    fi
fi

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
                 "(apt-get install $SUITE_PKGS)" >&2
            exit 1
        fi
        echo "test.sh: install what they need to run them: apt-get install $SUITE_PKGS" >&2
    fi
    echo "test.sh: $total tests in $dir"
}

# A throwaway PostgreSQL server for the back-end's tests, stopped however
# the run ends; in CI a server that cannot start fails the run.
if BDB_TEST_PG_URL=$(sh scripts/pg-test-server.sh start); then
    export BDB_TEST_PG_URL
    trap 'sh scripts/pg-test-server.sh stop "$BDB_TEST_PG_URL"' EXIT INT TERM
elif [ "$CI" = true ]; then
    echo "test.sh: no PostgreSQL server could be started for the tests" >&2
    exit 1
else
    echo "test.sh: no PostgreSQL server: its tests will be skipped" >&2
fi

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

# The import and report paths under valgrind (memcheck, leaks): the
# release build on every sample, then the report in each format.
if [ "${BDB_SKIP_VALGRIND:-0}" != 1 ]; then
    vg=$(mktemp -d)
    VG="valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite --suppressions=tests/valgrind.supp"
    $VG build/benchdb --db "$vg/v.sqlite" platform import samples/platforms.csv >/dev/null
    # a refused over-long arch once left its scratch copy unset (read by
    # the arch canonicaliser): the row is skipped (exit 1), nothing read
    # uninitialised (valgrind's 9)
    rc=0
    $VG build/benchdb --db "$vg/v.sqlite" platform import \
        tests/fixtures/platforms/handmade-over-long-arch.csv >/dev/null 2>&1 || rc=$?
    [ "$rc" = 1 ] ||
        { echo "test.sh: valgrind: over-long arch row: exit $rc, expected 1" >&2; exit 1; }
    $VG build/benchdb --db "$vg/v.sqlite" import -q --platform local \
        --path-pattern 'seed002-{benchmark}@{platform}.txt' \
        --path-pattern 'reds-bench-{clients}.csv' samples/ >/dev/null 2>"$vg/import.err" ||
        { cat "$vg/import.err" >&2; echo "test.sh: valgrind: import failed" >&2; exit 1; }
    for f in text md csv json html; do
        $VG build/benchdb --db "$vg/v.sqlite" report --baseline x86-A --format $f \
            -o "$vg/r.$f" 2>"$vg/report.err" ||
            { cat "$vg/report.err" >&2; echo "test.sh: valgrind: report --format $f failed" >&2; exit 1; }
    done
    rm -rf "$vg"
    echo "test.sh: import and report clean under valgrind"
fi

if [ "${BDB_SKIP_FUZZ:-0}" != 1 ]; then
    # about two minutes: 15 targets x 8 s; the seed is printed
    BDB_FUZZ_SECONDS="${BDB_FUZZ_SECONDS:-8}" sh tests/fuzz/run.sh
fi
