#!/bin/sh
# regression-record.sh - makes the regression-*.csv runs of this folder
# (see README.md, "Regression runs"): redis-benchmark
# against a local redis-server pinned to CPU 0, unloaded and with two busy
# loops competing for that CPU (a real slowdown, not edited numbers).
# The server and the client run at nice -20, in a session of its own
# whose autogroup is at nice -20 too (with sched_autogroup_enabled, nice alone only orders
# the processes of one session), so that the other work of a shared build
# machine does not drown the step. The two busy loops on the server's CPU
# run at nice 2: at the server's priority they slow it 20x, at nice 0 3-4x,
# at nice 2 about 2x (measured here before recording; the kernel's EEVDF
# scheduler lets a waking server preempt a loop only so often). Run as
# root from this folder:
# setsid sh regression-record.sh       (everything)
# setsid sh regression-record.sh step  (only the ten-set history with the step)
set -eu
echo -20 > /proc/$$/autogroup
PORT=6391
P="-h 127.0.0.1 -p $PORT"
BENCH="redis-benchmark $P -t get,set -n 20000 --csv"

nice -n -20 taskset -c 0 redis-server --port $PORT --bind 127.0.0.1 --save '' \
    --daemonize yes --pidfile /tmp/bdb-regression-redis.pid
sleep 1
LOOPS=""
load_on() {
    for i in 1 2; do
        nice -n 2 taskset -c 0 sh -c 'while :; do :; done' &
        LOOPS="$LOOPS $!"
    done
    sleep 3     # the first second after the loops start is not yet slow
}
load_off() {
    for p in $LOOPS; do kill "$p"; done
    wait $LOOPS 2>/dev/null || true
    LOOPS=""
    sleep 1
}
run() {     # run FILE: one redis-benchmark run, client on CPU 1
    echo "\$ $BENCH" > "regression-$1"
    nice -n -20 taskset -c 1 $BENCH >> "regression-$1" 2>&1
}
trap 'load_off; redis-cli -p $PORT shutdown nosave || true' EXIT

ONLY=${1:-all}
if [ "$ONLY" = all ]; then
# two groups of five runs: before, and after the slowdown
for i in 1 2 3 4 5; do run before-$i.csv; done
load_on
for i in 1 2 3 4 5; do run after-$i.csv; done
load_off
fi
# a history of ten sets of one run each, the slowdown from the sixth
for i in 01 02 03 04 05; do run step-$i.csv; done
load_on
for i in 06 07 08 09 10; do run step-$i.csv; done
load_off
[ "$ONLY" = all ] || exit 0
# a flat history of ten sets of one run each
for i in 01 02 03 04 05 06 07 08 09 10; do run flat-$i.csv; done
