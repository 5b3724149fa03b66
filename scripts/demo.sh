#!/bin/sh
# demo.sh - installs what is missing, builds benchdb, imports the shipped
# samples into a fresh database and shows what was imported.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
JOBS=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBDB_TESTS=OFF >/dev/null
cmake --build build -j "$JOBS" --target benchdb
DB=build/demo.sqlite
rm -f "$DB" "$DB-wal" "$DB-shm"
B="build/benchdb --db $DB"
$B init
$B import --platform local -q samples/local
$B import -q samples/published
$B list results
