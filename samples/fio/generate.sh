#!/bin/sh
# Regenerates the fio samples of this folder (see README.md). Runs fio
# against a 64 MiB file in /tmp for 3 s per job. Not imported (*.sh).
set -eu
OUT=${OUT:-$(dirname "$0")}
DIR=${DIR:-/tmp/fiotest}
mkdir -p "$DIR"
F=$DIR/data
COMMON="--filename=$F --size=64M --runtime=3 --time_based --ioengine=libaio --direct=1"

# seed 001's six workloads: name rw bs
WL="randread-4k:randread:4k randwrite-4k:randwrite:4k read-4k:read:4k write-4k:write:4k read-128k:read:128k write-128k:write:128k"

for w in $WL; do
  name=${w%%:*}; rest=${w#*:}; rw=${rest%%:*}; bs=${rest#*:}
  fio $COMMON --name=$name --rw=$rw --bs=$bs --iodepth=32 --numjobs=2 \
      --output-format=json > "$OUT/json-$name-j2-qd32.json" 2>&1
  fio $COMMON --name=$name --rw=$rw --bs=$bs --iodepth=32 --numjobs=2 \
      > "$OUT/normal-$name-j2-qd32.txt" 2>&1
  fio $COMMON --name=$name --rw=$rw --bs=$bs --iodepth=32 --numjobs=2 \
      --output-format=terse > "$OUT/terse-$name-j2-qd32.txt" 2>&1
done

# numjobs=8 iodepth=32 as in seed 001, per job and with group_reporting
fio $COMMON --name=randread-4k --rw=randread --bs=4k --iodepth=32 --numjobs=8 \
    --output-format=json > "$OUT/json-randread-4k-j8-qd32.json" 2>&1
fio $COMMON --name=randread-4k --rw=randread --bs=4k --iodepth=32 --numjobs=8 \
    --group_reporting > "$OUT/normal-randread-4k-j8-qd32-group.txt" 2>&1
fio $COMMON --name=randwrite-4k --rw=randwrite --bs=4k --iodepth=32 --numjobs=8 \
    --group_reporting --output-format=json > "$OUT/json-randwrite-4k-j8-qd32-group.json" 2>&1
fio $COMMON --name=write-128k --rw=write --bs=128k --iodepth=32 --numjobs=8 \
    --group_reporting --output-format=terse > "$OUT/terse-write-128k-j8-qd32-group.txt" 2>&1

# json+ (bins), one job
fio $COMMON --name=randread-4k --rw=randread --bs=4k --iodepth=32 --numjobs=1 \
    --output-format=json+ > "$OUT/jsonplus-randread-4k-j1-qd32.json" 2>&1
# mixed read/write job, terse version 5, and normal
fio $COMMON --name=randrw-4k --rw=randrw --rwmixread=70 --bs=4k --iodepth=16 --numjobs=1 \
    --output-format=terse --terse-version=5 > "$OUT/terse5-randrw-4k-j1-qd16.txt" 2>&1
fio $COMMON --name=randrw-4k --rw=randrw --rwmixread=70 --bs=4k --iodepth=16 --numjobs=1 \
    > "$OUT/normal-randrw-4k-j1-qd16.txt" 2>&1

# a job file with several jobs (global section, stonewall between groups)
cat > "$DIR/multi.fio" <<JOB
[global]
filename=$F
size=64M
runtime=3
time_based
ioengine=libaio
direct=1
iodepth=32

[randread-4k]
rw=randread
bs=4k

[randwrite-4k]
stonewall
rw=randwrite
bs=4k

[read-128k]
stonewall
rw=read
bs=128k
JOB
fio "$DIR/multi.fio" > "$OUT/normal-jobfile-3jobs.txt" 2>&1
fio --output-format=json "$DIR/multi.fio" > "$OUT/json-jobfile-3jobs.json" 2>&1
fio --output-format=json,normal "$DIR/multi.fio" > "$OUT/json-normal-jobfile-3jobs.txt" 2>&1

# client/server on loopback (fio --server=127.0.0.1 --daemonize=PIDFILE first)
cat > "$DIR/cs.fio" <<JOB
[global]
filename=$F
size=64M
runtime=3
time_based
ioengine=libaio
direct=1
iodepth=32

[randread-4k]
rw=randread
bs=4k
JOB
fio --client=127.0.0.1 "$DIR/cs.fio" > "$OUT/client-normal-randread-4k.txt" 2>&1
fio --client=127.0.0.1 --output-format=json "$DIR/cs.fio" > "$OUT/client-json-randread-4k.json" 2>&1

# two runs appended to one log, each preceded by the command (repetitions)
for fmt in normal json; do
  for i in 1 2; do
    echo "\$ fio $COMMON --name=randread-4k --rw=randread --bs=4k --iodepth=32 --output-format=$fmt"
    fio $COMMON --name=randread-4k --rw=randread --bs=4k --iodepth=32 --output-format=$fmt
  done > "$OUT/repeat2-$fmt-randread-4k-j1-qd32.txt" 2>&1
done
