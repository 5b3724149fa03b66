#!/bin/bash
# Concurrency sweep in the style of the seed article's script (ab -d -k,
# "C=N : " before each run), but keeping ab's whole output instead of
# grepping the Transfer rate line, so benchdb can import every figure.
HOST="127.0.0.1:8080"
CONQS="1 10 100"
AB="ab -d -k -n 1000"
URL="http://${HOST}/index.html"
echo ${URL}
echo "Plain HTML"
for C in ${CONQS}; do
    echo -n "C=${C} : "
    ${AB} -c ${C} "${URL}" 2>&1
done
