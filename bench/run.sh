#!/bin/sh
# bench/run.sh - measures benchdb's speed; never part of the test run.
#
#   bench/run.sh [COPIES] [ROWS]
#
# 1. import: COPIES copies of every real sample in samples/ (each copy made
#    unique by trailing blank lines, which every parser ignores), imported
#    into a fresh database, then imported again (all already present);
# 2. report: a results CSV of ROWS generated figures (bench/gen_results.sh)
#    over 8 platforms, then a full report in every format.
# Prints wall-clock seconds and rates. Build: Release, in build-bench/.
set -eu
cd "$(dirname "$0")/.."
COPIES=${1:-20}
ROWS=${2:-200000}
WORK=${BDB_BENCH_DIR:-/tmp/benchdb-bench}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DBDB_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target benchdb >/dev/null
B="$PWD/build-bench/benchdb --db $WORK/bench.sqlite"
rm -rf "$WORK"
mkdir -p "$WORK/logs"

now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" -v what="$4" \
    'BEGIN { t = b - a; printf "%-34s %8.2f s  %10.0f %s/s\n", what, t, n / t, "" }'; }

i=0
while [ "$i" -lt "$COPIES" ]; do
    mkdir -p "$WORK/logs/$i"
    find samples -type f ! -name '*.expected' ! -name '*.md' ! -name '*.sh' \
        ! -name platforms.csv ! -path 'samples/local/*' | while read -r f; do
        d="$WORK/logs/$i/$(dirname "$f")"
        mkdir -p "$d"
        cp "$f" "$d/"
        k=0
        while [ "$k" -le "$i" ]; do echo >> "$d/$(basename "$f")"; k=$((k + 1)); done
    done
    i=$((i + 1))
done
NFILES=$(find "$WORK/logs" -type f | wc -l)

t0=$(now)
$B import -q --platform local --path-pattern 'seed002-{benchmark}@{platform}.txt' "$WORK/logs" > "$WORK/import1.txt" || true
t1=$(now)
$B import -q --platform local "$WORK/logs" > "$WORK/import2.txt" || true
t2=$(now)
echo "files: $NFILES; $(tail -1 "$WORK/import1.txt")"
rate "$NFILES" "$t0" "$t1" "import (files)"
rate "$NFILES" "$t1" "$t2" "re-import, all present (files)"

sh bench/gen_results.sh "$ROWS" > "$WORK/results.csv"
t3=$(now)
$B import -q --format results-csv "$WORK/results.csv" >/dev/null
t4=$(now)
rate "$ROWS" "$t3" "$t4" "results CSV import (rows)"
for fmt in text json html csv; do
    t5=$(now)
    $B report --platforms p0,p1,p2,p3,p4,p5,p6,p7 --baseline p0 --format $fmt -o "$WORK/report.$fmt" 2>/dev/null
    t6=$(now)
    rate "$ROWS" "$t5" "$t6" "report --format $fmt (rows)"
done
ls -la "$WORK"/report.* | awk '{ print "  " $5 " bytes  " $9 }'
