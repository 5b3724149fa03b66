#!/bin/bash
# seed-000 style: only ab's Transfer rate line is kept, after "C=N : "
URL="http://127.0.0.1:18081/index.html"
for C in 1 10 100; do
    echo -n "C=${C} : "
    ab -kc ${C} -n 1000 "${URL}" 2>&1 | grep "Transfer rate:"
done
