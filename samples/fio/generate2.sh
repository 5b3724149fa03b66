#!/bin/sh
# Second set of fio samples (see README.md): 16 MiB file, 1 s per job.
set -eu
OUT=${OUT:-$(dirname "$0")}
DIR=${DIR:-/tmp/fiot}
mkdir -p "$DIR"
F=$DIR/data
S="--filename=$F --size=16m --runtime=1 --time_based --ioengine=libaio --direct=1"
J="--name=randrw-4k --rw=randrw --rwmixread=70 --bs=4k --iodepth=8"
fio $S $J --output-format=json,normal > "$OUT/mixed-json-normal-randrw-4k.txt" 2>&1
fio $S $J --output-format=json,terse > "$OUT/mixed-json-terse-randrw-4k.txt" 2>&1
fio $S $J --output-format=normal,terse > "$OUT/mixed-normal-terse-randrw-4k.txt" 2>&1
for v in 2 3 4 5; do
  fio $S $J --minimal --terse-version=$v > "$OUT/terse$v-randrw-4k-qd8.txt" 2>&1
done
fio --minimal $S --name=randread-4k --rw=randread --bs=4k --iodepth=8 --numjobs=2 \
    --name=randwrite-8k --rw=randwrite --bs=8k --iodepth=4 --numjobs=1 \
    > "$OUT/minimal-3lines-2jobs.txt" 2>&1
fio $S --runtime=3 --status-interval=1 --name=randread-4k --rw=randread --bs=4k --iodepth=8 \
    > "$OUT/status-interval-normal-randread-4k.txt" 2>&1
fio $S --runtime=3 --status-interval=1 --name=randread-4k --rw=randread --bs=4k --iodepth=8 \
    --output-format=json > "$OUT/status-interval-json-randread-4k.json" 2>&1
fio $S --runtime=3 --status-interval=1 --name=randread-4k --rw=randread --bs=4k --iodepth=8 \
    --minimal > "$OUT/status-interval-terse-randread-4k.txt" 2>&1
fio --name=good-read --filename=$F --size=16m --runtime=1 --time_based --rw=read --bs=64k \
    --ioengine=psync --name=bad-write --filename=/sys/kernel/notes --size=4k --rw=write \
    --bs=4k --ioengine=psync > "$OUT/error-line-beside-good-job.txt" 2>&1 || true
fio $S --name=read-64k --rw=read --bs=64k --iodepth=4 --numjobs=2 --output-format=json \
    > "$DIR/full-json-2clones.json" 2>&1
S3="--filename=$F --size=16m --runtime=3 --time_based --ioengine=libaio --direct=1"
fio $S3 --status-interval=1 --name=randread-4k --rw=randread --bs=4k --iodepth=8 --numjobs=2 \
    --minimal > "$OUT/status-interval-terse-randread-4k-2clones.txt" 2>&1
fio $S3 --status-interval=1 --name=randread-4k --rw=randread --bs=4k --iodepth=8 --numjobs=2 \
    > "$OUT/status-interval-normal-randread-4k-2clones.txt" 2>&1
bash -xc "fio --name=randread-16k --filename=$F --size=16m --runtime=1 --time_based \
    --rw=randread --bs=16k --ioengine=libaio --direct=1 --iodepth=16 --numjobs=1 \
    --output-format=terse" > "$OUT/set-x-terse-randread-16k.txt" 2>&1
# truncated-json-read-64k-2clones.json: the last JSON above, cut by hand
off=$(grep -b '"jobname"' "$DIR/full-json-2clones.json" | sed -n 2p | cut -d: -f1)
head -c $((off + 1500)) "$DIR/full-json-2clones.json" > "$OUT/truncated-json-read-64k-2clones.json"
# prompt-capture-terse-and-normal.txt was captured from tmux (see README.md)
