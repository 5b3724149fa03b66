#!/bin/sh
# demo.sh - the main job on the shipped samples: installs what is missing,
# builds benchdb, imports the seeds' samples into a fresh database
# (scripts/demo-import.sh) and writes the ARM-vs-x86 report (text to the
# terminal, HTML to a file).
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

sh scripts/demo-import.sh build/benchdb "$DB"

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
echo "Database:    $DB  (try: build/benchdb --db $DB list results --tool dd)"
