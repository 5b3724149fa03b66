#!/bin/bash
# two concurrencies, two repetitions each, one log
U=http://127.0.0.1:18081/index.html
for rep in 1 2; do
  for c in 4 16; do
    echo "ab -n 2000 -c $c $U"
    ab -n 2000 -c $c $U 2>&1
  done
done
