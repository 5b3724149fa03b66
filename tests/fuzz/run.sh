#!/bin/sh
# run.sh - builds benchdb's libFuzzer targets (clang, -DBDB_FUZZ=ON) and
# runs each for a bounded time, seeded from samples/, tests/fixtures/ and
# tests/fuzz/regressions/. Exits non-zero when a target crashes, leaks,
# hits undefined behaviour or times out, after printing the reproducer.
#
#   sh tests/fuzz/run.sh                      # every target, 8 s each (CI)
#   BDB_FUZZ_SECONDS=3600 sh tests/fuzz/run.sh sysinfo ab   # a long campaign
#
# Environment: BDB_FUZZ_SECONDS (per target, default 8), BDB_FUZZ_SEED
# (default: from the clock; printed, so a run can be repeated with it),
# BDB_FUZZ_JOBS (parallel fuzzing processes per target, default 1), BDB_FUZZ_BUILD
# (build folder, default build-fuzz). Working corpora stay in
# $BDB_FUZZ_BUILD/corpus/<target>/, so later runs start where earlier ones
# stopped; they are built at run time and never committed.
set -eu
cd "$(dirname "$0")/../.."

SECONDS_EACH="${BDB_FUZZ_SECONDS:-8}"
SEED="${BDB_FUZZ_SEED:-$(date +%s)}"
JOBS="${BDB_FUZZ_JOBS:-1}"
BUILD="${BDB_FUZZ_BUILD:-build-fuzz}"
# More libFuzzer flags, e.g. "-fork=1 -ignore_crashes=1" to go on after a crash.
BDB_FUZZ_EXTRA="${BDB_FUZZ_EXTRA:-}"
# a target per tool of ingest/tool_list.h, then the other readers
ALL="detect $(sed -n 's/^BDB_TOOL(\([a-z0-9_]*\))$/\1/p' ingest/tool_list.h | \
tr '\n' ' ')results_csv platform_csv sysinfo path_pattern summary json_tree"
TARGETS="${*:-$ALL}"

CC="${BDB_FUZZ_CC:-clang}"
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "fuzz: $CC not found (apt-get install clang libclang-rt-14-dev)" >&2
    exit 1
fi
# Not -DBDB_WERROR: clang's -Wformat-nonliteral flags vsnprintf wrappers
# that gcc accepts; the gcc builds keep -Werror.
cmake -S . -B "$BUILD" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DBDB_TESTS=OFF -DBDB_FUZZ=ON >/dev/null
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz >/dev/null

# Seeds for the path pattern target: the README's patterns against the
# paths of the samples they were written for.
PP="$BUILD/seeds/path_pattern"
mkdir -p "$PP"
i=0
for pat in '{platform}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt' \
           'seed002-{benchmark}@{platform}.txt' 'seed000-loop-m{multi}-{*}.txt' \
           '{platform}/{benchmark}-c{clients}.csv'; do
    for f in samples/*/*; do
        i=$((i + 1))
        printf '%s\n%s' "$pat" "$f" >"$PP/seed-$i"
    done
done

# Seeds for the summary target: --summary patterns before the grepped
# lines they were written for.
SU="$BUILD/seeds/summary"
mkdir -p "$SU"
for f in samples/ab/grep-sweep-transfer-rate.txt \
         tests/fixtures/ab/real-seed000-summary-transfer-rate.txt; do
    for pat in 'C={concurrency} : {value}' 'C={concurrency} {*} {value}'; do
        i=$((i + 1))
        { printf '%s\n' "$pat"; cat "$f"; } >"$SU/seed-$i"
    done
done

# A seed folder per target, built at run time from the files it suits
# (libFuzzer takes folders only; parser targets read every sample, so that
# each parser meets every other tool's output).
seeds_for() {
    case "$1" in
    sysinfo) echo samples/local ;;
    platform_csv) echo samples/platforms.csv samples/published ;;
    results_csv) echo samples/published samples/platforms.csv ;;
    path_pattern) echo "$PP" ;;
    summary) echo "$SU" ;;
    json_tree) echo samples/fio samples/iperf3 ;;
    *) echo samples tests/fixtures ;;
    esac
}
make_seeds() {
    dir="$BUILD/seeds/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    for s in $(seeds_for "$1"); do
        find "$s" -type f ! -name '*.sqlite' | while read -r f; do
            cp "$f" "$dir/$(echo "$f" | tr '/' '_')"
        done
    done
    echo "$dir"
}

echo "fuzz: seed $SEED, ${SECONDS_EACH}s per target (repeat: BDB_FUZZ_SEED=$SEED)"
failed=""
for t in $TARGETS; do
    bin="$BUILD/fuzz_$t"
    if [ ! -x "$bin" ]; then
        echo "fuzz: no target $t (targets: $ALL)" >&2
        exit 2
    fi
    corpus="$BUILD/corpus/$t"
    art="$BUILD/artifacts/$t"
    rm -rf "$art"
    mkdir -p "$corpus" "$art"
    # -fork, not -jobs: jobs write fuzz-N.log files into the current folder
    par=""
    if [ "$JOBS" -gt 1 ]; then
        par="-fork=$JOBS"
    fi
    reg="tests/fuzz/regressions/$t"
    [ -d "$reg" ] || reg=""
    log="$BUILD/fuzz-$t.log"
    # $par, $BDB_FUZZ_EXTRA and $reg are lists of words or empty
    # shellcheck disable=SC2086
    if ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" \
       UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
       "$bin" -seed="$SEED" -max_total_time="$SECONDS_EACH" -max_len=65536 \
           -timeout=10 -rss_limit_mb=2048 $par \
           -print_final_stats=1 -artifact_prefix="$art/" \
           $BDB_FUZZ_EXTRA "$corpus" "$(make_seeds "$t")" $reg >"$log" 2>&1; then
        status=0
    else
        status=1
    fi
    # in -fork mode with -ignore_crashes a crash leaves only its artifact
    if [ -n "$(ls -A "$art")" ]; then
        status=1
    fi
    if [ "$status" = 0 ]; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        echo "fuzz: $t ok (${execs:-?} runs)"
    else
        failed="$failed $t"
        echo "fuzz: $t FAILED; the last lines of $log:" >&2
        tail -40 "$log" >&2
        for a in "$art"/*; do
            [ -f "$a" ] || continue
            echo "fuzz: reproducer $a (replay: $bin $a); base64:" >&2
            base64 "$a" >&2
            echo "fuzz: once fixed, keep it: cp $a tests/fuzz/regressions/$t/" >&2
        done
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: failed:$failed (seed $SEED)" >&2
    exit 1
fi
