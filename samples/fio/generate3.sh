#!/bin/sh
# Third set of fio samples (see README.md, issue 21): fsync'd writes, whose
# output has a sync block (normal: "sync (usec)", JSON: "sync"), by two
# clones with and without group_reporting; 16 MiB file, 2 s per job.
set -eu
OUT=${OUT:-$(dirname "$0")}
DIR=${DIR:-/tmp/fiot}
mkdir -p "$DIR"
F=$DIR/data
S="--filename=$F --size=16m --runtime=2 --time_based --ioengine=psync"
J="--name=write-4k-fsync --rw=write --bs=4k --fsync=8 --numjobs=2"
fio $S $J --output-format=json > "$OUT/json-fsync-write-4k-j2.json" 2>&1
fio $S $J --group_reporting > "$OUT/normal-fsync-write-4k-j2-group.txt" 2>&1
# continue_on_error prints an "errors    : total=N, first_error=..." line
fio $S --name=read-4k-coe --rw=read --bs=4k --continue_on_error=all \
    > "$OUT/normal-continue-on-error-read-4k.txt" 2>&1
fio $S --name=read-4k-coe --rw=read --bs=4k --continue_on_error=all --minimal \
    > "$OUT/terse-continue-on-error-read-4k.txt" 2>&1
