#!/bin/sh
# bench/gen_results.sh ROWS - a generated results CSV for the benchmark:
# 8 platforms x (ROWS / 80) series x 10 repetitions, values drawn around
# a per-platform speed. Made-up numbers for timing only; never a sample.
ROWS=${1:-200000}
awk -v rows="$ROWS" 'BEGIN {
    srand(42)
    print "platform,tool,benchmark,metric,value,unit,parameters,repetition"
    series = int(rows / 80); if (series < 1) series = 1
    for (s = 0; s < series; s++)
        for (p = 0; p < 8; p++)
            for (r = 1; r <= 10; r++)
                printf "p%d,wrk,/bench%d,requests_per_sec,%.3f,op/s,concurrency=%d,%d\n",
                       p, s % 97, 1000 * (1 + p / 8) * (0.95 + rand() / 10), 1 + int(s / 97), r
}'
