#!/bin/sh
# fuzz.sh - a long libFuzzer campaign over every target (tests/fuzz/run.sh:
# the parsers, detection, platforms.csv, sysinfo, path patterns and
# --summary patterns), N minutes in all, shared out evenly; corpora are
# kept in build-fuzz/corpus/<target>/, so the next campaign starts where
# this one stopped. Crashes are printed with their reproducer (keep them in
# tests/fuzz/regressions/<target>/).
#
#   scripts/fuzz.sh --minutes 120            # all targets, 2 hours
#   scripts/fuzz.sh --minutes 30 fio ab      # only these
#   BDB_FUZZ_JOBS=2 scripts/fuzz.sh --minutes 60   # 2 processes a target
set -eu
cd "$(dirname "$0")/.."
minutes=""
while [ $# -gt 0 ]; do
    case "$1" in
    --minutes) [ $# -ge 2 ] || { echo "fuzz.sh: --minutes N" >&2; exit 2; }
               minutes="$2"; shift 2 ;;
    --minutes=*) minutes="${1#--minutes=}"; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) echo "fuzz.sh: unknown option $1 (--minutes N [TARGET...])" >&2; exit 2 ;;
    *) break ;;
    esac
done
case "$minutes" in
''|*[!0-9]*|0) echo "fuzz.sh: --minutes wants a whole number above 0" >&2; exit 2 ;;
esac
if [ $# -gt 0 ]; then
    n=$#
else
    # detect, one per tool of ingest/tool_list.h, and five other readers
    # (tests/fuzz/run.sh's ALL)
    n=$(( $(grep -c '^BDB_TOOL(' ingest/tool_list.h) + 6 ))
fi
each=$((minutes * 60 / n))
[ "$each" -ge 1 ] || each=1
echo "fuzz.sh: $n targets, ${each}s each"
BDB_FUZZ_SECONDS=$each exec sh tests/fuzz/run.sh "$@"
