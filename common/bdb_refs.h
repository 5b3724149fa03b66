/* bdb_refs.h - the table that interns series identities (bdb_series_ref,
 * see bdb_sample.h): one entry per distinct key, found by its hash, never
 * moved once made, so a ref handed downstream stays valid until the table
 * is freed. */
#ifndef BDB_REFS_H
#define BDB_REFS_H

#include <stddef.h>

#include "bdb_sample.h"

typedef struct bdb_refs {
    bdb_series_ref **slots;
    size_t nslots, used;
} bdb_refs;

/* A zeroed bdb_refs is empty and ready. */
void bdb_refs_free(bdb_refs *t);

/* FNV-1a of [p, p+n), the hash the table keys on. */
unsigned long long bdb_refs_hash(const char *p, size_t n);

/* The ref of key[0..len) (platform \x1f tool \x1f benchmark \x1f metric
 * \x1f params), made zeroed but for its key fields when absent; NULL when
 * out of memory. series_at and params_at are where the series key and the
 * parameters start in key (the caller knows: names may hold \x1f too). */
bdb_series_ref *bdb_refs_intern(bdb_refs *t, const char *key, size_t len,
                                size_t series_at, size_t params_at);

#endif
