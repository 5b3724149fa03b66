/* series_ident.h - a series' identity key: one 64-bit integer of its
 * tool, benchmark, metric and canonical parameters, the column the
 * series table is indexed by (schemas/012, schemas/pg/013) in place of
 * an index of the four texts. */
#ifndef BDB_SERIES_IDENT_H
#define BDB_SERIES_IDENT_H

#include "../common/bdb_sha256.h"

#include <stddef.h>
#include <stdint.h>

/* The key of a series: the first four bytes of SHA-256 of
 * "tool\x1fbenchmark" as its high half, the first four of SHA-256 of
 * "tool\x1fbenchmark\x1fparams\x1fmetric" as its low half, read
 * big-endian as a signed 64-bit integer. A benchmark's series share their
 * high half, so that a file's series land together in the index (a key
 * of 64 random bits sent every insert to another page: sqlite3 copying
 * the 916,730 series of a large fio JSON took 5.8 s of CPU against 2.4
 * s). The metric comes last so that the hash of what a run's figures
 * share is made once (bdb_series_ident_memo). PostgreSQL computes the
 * same in SQL (schemas/pg/013: sha256(), UTF-8 bytes). Different series
 * may share a key: the store compares the texts of the row a key finds,
 * and stores the later one without a key (NULL). */
long long bdb_series_ident(const char *tool, const char *benchmark,
                           const char *metric, const char *params);

/* What the last key's series share with the next ones: SHA-256's state
 * after "tool\x1fbenchmark\x1fparams\x1f", and the high half. Zeroed
 * before first use. */
typedef struct bdb_ident_memo {
    char text[512];         /* those texts, to know them again */
    size_t len;             /* 0: none yet (or too long to keep) */
    bdb_sha256 state;
    uint32_t high;
} bdb_ident_memo;

/* bdb_series_ident, from m's state when the series shares its tool,
 * benchmark and parameters with the last one asked (a run's figures one
 * after another), else computed and remembered in m. */
long long bdb_series_ident_memo(bdb_ident_memo *m, const char *tool,
                                const char *benchmark, const char *metric,
                                const char *params);

#endif
