#!/bin/sh
# demo.sh - the main job on the shipped samples: installs what is missing,
# builds benchdb, imports samples/ into a fresh database and writes the
# ARM-vs-x86 report (text to the terminal, HTML to a file).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
JOBS=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBDB_TESTS=OFF >/dev/null
cmake --build build -j "$JOBS" --target benchdb >/dev/null

OUT=${BDB_DEMO_OUT:-build/demo}
mkdir -p "$OUT"
DB="$OUT/benchdb.sqlite"
rm -f "$DB" "$DB-wal" "$DB-shm"
B="build/benchdb --db $DB"

$B init >/dev/null
$B platform import samples/platforms.csv
# Local samples were measured on this project's build machine ("local");
# the seed articles' raw outputs name their platform in the file name; the
# published figures name it in a column.
# seed 000's openssl loop keeps -multi only in its file name, seed 003's
# redis-benchmark --csv files the client count.
$B import -q --platform local --path-pattern 'seed002-{benchmark}@{platform}.txt' \
    --path-pattern 'seed000-loop-m{multi}-{*}.txt' \
    --path-pattern 'reds-bench-{clients}.csv' samples/

TITLE="ARM vs x86: Phytium FT-1500A against two Xeon servers (seed 002)"
SEL="--baseline x86-A --platforms x86-A,x86-B,ARM-FT1500A"
# shellcheck disable=SC2086
$B report $SEL --title "$TITLE"
# shellcheck disable=SC2086
$B report $SEL --title "$TITLE" --format html -o "$OUT/arm-vs-x86.html"
# shellcheck disable=SC2086
$B report $SEL --title "$TITLE" --format json -o "$OUT/arm-vs-x86.json"
# shellcheck disable=SC2086
$B report $SEL --title "$TITLE" --format xlsx -o "$OUT/arm-vs-x86.xlsx"
# shellcheck disable=SC2086
$B report $SEL --title "$TITLE" --format pdf -o "$OUT/arm-vs-x86.pdf"
# shellcheck disable=SC2086
$B chart $SEL --title "$TITLE" -o "$OUT/charts" >/dev/null
# shellcheck disable=SC2086
$B chart $SEL --title "$TITLE" --format pdf -o "$OUT/arm-vs-x86-charts.pdf" >/dev/null
echo
echo "HTML report: $OUT/arm-vs-x86.html"
echo "PDF report:  $OUT/arm-vs-x86.pdf   Workbook: $OUT/arm-vs-x86.xlsx"
echo "Charts:      $OUT/charts/ and $OUT/arm-vs-x86-charts.pdf"
echo "Database:    $DB  (try: build/benchdb --db $DB list results --tool ab)"
