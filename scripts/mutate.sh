#!/bin/sh
# mutate.sh - the whole structure-aware mutation pass (tests/test_mutate.c)
# under AddressSanitizer and UndefinedBehaviorSanitizer: every real sample
# cut at each line, lines doubled and swapped, each number field replaced
# with each extreme, NUL, invalid UTF-8, CR-only and CRLF endings, UTF-16,
# 100,000-character lines; each variant through detection and the parsers
# with a time and memory bound. ctest runs a seeded 1-in-40 sample of it.
#
#   scripts/mutate.sh                  # everything (about 250,000 variants)
#   scripts/mutate.sh fio/terse        # only samples whose path holds this
#
# Environment: BDB_MUTATE_JOBS (parallel children, default 2),
# BDB_MUTATE_SECONDS (per variant, default 20), BDB_MUTATE_MB (default 512),
# BDB_MUTATE_BUILD (default build-asan). Failing variants are written to
# $BDB_MUTATE_BUILD/mutate-failures/ to replay with `benchdb parse`.
set -eu
cd "$(dirname "$0")/.."
BUILD="${BDB_MUTATE_BUILD:-build-asan}"
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug -DBDB_SANITIZE=ON \
    -DBDB_TESTS=ON >/dev/null
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" --target test_mutate benchdb >/dev/null
cd "$BUILD"
rm -rf mutate-failures
if [ $# -gt 0 ]; then
    export BDB_MUTATE_ONLY="$1"
fi
BDB_MUTATE=full UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    exec ./test_mutate
