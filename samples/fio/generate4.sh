#!/bin/sh
# Fourth set of fio samples (issue 21, client/server aggregate): one
# server on loopback running two different jobs at once, so that the
# client prints an "All clients" block (normal) and entry (JSON) that sums
# a read job and a write job of one host; 16 MiB file, 1 s per job.
set -eu
OUT=${OUT:-$(dirname "$0")}
DIR=${DIR:-/tmp/fiot4}
PORT=${PORT:-8799}
mkdir -p "$DIR"
cat > "$DIR/cs4.fio" <<JOB
[global]
filename=$DIR/csdata
size=16m
runtime=1
time_based
ioengine=libaio
direct=1
iodepth=4

[randread-4k]
rw=randread
bs=4k

[randwrite-8k]
rw=randwrite
bs=8k
JOB
fio --server=ip:127.0.0.1,$PORT --daemonize="$DIR/server.pid"
sleep 1
fio --client=ip:127.0.0.1,$PORT "$DIR/cs4.fio" \
    > "$OUT/client-allclients-normal-randread-randwrite.txt" 2>&1
fio --client=ip:127.0.0.1,$PORT --output-format=json "$DIR/cs4.fio" \
    > "$OUT/client-allclients-json-randread-randwrite.json" 2>&1
fio --client=ip:127.0.0.1,$PORT --output-format=terse "$DIR/cs4.fio" \
    > "$OUT/client-allclients-terse-randread-randwrite.txt" 2>&1
kill "$(cat "$DIR/server.pid")"
