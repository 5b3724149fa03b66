/* series_ident.h - a series' identity key: one 64-bit integer of its
 * tool, benchmark, metric and canonical parameters, the column the
 * series table is indexed by (schemas/012, schemas/pg/013) in place of
 * an index of the four texts. */
#ifndef BDB_SERIES_IDENT_H
#define BDB_SERIES_IDENT_H

#include <stddef.h>

/* The key of a series: the first four bytes of SHA-256 of
 * "tool\x1fbenchmark" as its high half, the first four of SHA-256 of
 * "tool\x1fbenchmark\x1fmetric\x1fparams" as its low half, read big-endian
 * as a signed 64-bit integer. A benchmark's series share their high half,
 * so that a file's series land together in the index (a key of 64 random
 * bits sent every insert to another page: sqlite3 copying the 916,730
 * series of a large fio JSON took 5.8 s of CPU against 2.4 s). PostgreSQL
 * computes the same in SQL (schemas/pg/013: sha256(), UTF-8 bytes).
 * Different series may share a key: the store compares the texts of the
 * row a key finds, and stores the later one without a key (NULL). */
long long bdb_series_ident(const char *tool, const char *benchmark,
                           const char *metric, const char *params);

#endif
