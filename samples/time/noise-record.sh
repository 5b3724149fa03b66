#!/bin/sh
# noise-record.sh - five repetitions each of short ab, fio, openssl speed and
# GNU time runs: the empirical noise the decision simulation draws from
# (tests/test_decide_sim.c), written as samples/<tool>/noise-N.txt. Run
# as root from this folder: setsid sh noise-record.sh
set -eu
echo -20 > /proc/$$/autogroup
PORT=18391
WWW=$(mktemp -d)
head -c 4096 /usr/share/common-licenses/GPL-3 > "$WWW/index.html"
(cd "$WWW" && exec nice -n -20 python3 -m http.server $PORT --bind 127.0.0.1 \
    > /dev/null 2>&1) &
SERVER=$!
FIO=$(mktemp /tmp/bdb-noise-fio.XXXXXX)
trap 'kill $SERVER; rm -rf "$WWW" "$FIO"' EXIT
sleep 1
rec() {     # rec FILE COMMAND...: the command echoed, then its output
    f=$1
    shift
    echo "\$ $*" > "$f"
    nice -n -20 "$@" >> "$f" 2>&1
}
for i in 1 2 3 4 5; do
    rec ../ab/noise-$i.txt ab -n 2000 -c 4 http://127.0.0.1:$PORT/
    rec ../fio/noise-$i.txt fio --name=randread --rw=randread --bs=4k --size=32M \
        --filename="$FIO" --ioengine=psync --runtime=2 --time_based
    rec ../openssl-speed/noise-$i.txt openssl speed -seconds 1 -bytes 16384 sha256
    # by hand: rec's echo would lose the quotes the time parser reads
    echo "\$ /usr/bin/time -f '%e %U %S' sh -c 'head -c 100000000 /dev/zero | gzip -1 > /dev/null'" > noise-$i.txt
    nice -n -20 /usr/bin/time -f '%e %U %S' \
        sh -c 'head -c 100000000 /dev/zero | gzip -1 > /dev/null' >> noise-$i.txt 2>&1
done
