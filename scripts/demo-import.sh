#!/bin/sh
# demo-import.sh BENCHDB DB - what scripts/demo.sh imports: the seed
# articles' material its report is about (their platforms, the published
# figures, the raw outputs they quote, seed 003's redis-benchmark runs),
# into DB with the binary BENCHDB. Not the rest of samples/: those are the
# parsers' test corpus, where failed runs and several captures of one
# measurement are there on purpose and warn as they should (import them
# with 'benchdb import --platform local samples/' to see). test_tables
# runs this and checks that it warns about nothing.
set -eu
cd "$(dirname "$0")/.."
BIN=$1
DB=$2
"$BIN" --db "$DB" init >/dev/null
"$BIN" --db "$DB" platform import samples/platforms.csv
# Seed 002's raw outputs name their platform in the file name, the
# published figures in a column; seed 000's openssl loop keeps -multi only
# in its file name, seed 003's redis-benchmark --csv files the client count.
"$BIN" --db "$DB" import -q --platform local \
    --path-pattern 'seed002-{benchmark}@{platform}.txt' \
    --path-pattern 'seed000-loop-m{multi}-{*}.txt' \
    --path-pattern 'reds-bench-{clients}.csv' \
    samples/published samples/*/seed0*.txt \
    samples/redis-benchmark/reds-bench-*.csv
