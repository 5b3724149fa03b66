/* bdb_refs.h - the table that interns series identities (bdb_series_ref,
 * see bdb_sample.h): one entry per distinct (names, parameters), found by
 * its hash. The parameters' texts are interned apart: most series of a
 * file share theirs, and a ref then costs its names and a pointer.
 *
 * A ref is about 150 bytes, most of it what the consumers remember in it
 * (the store's ids). The first BDB_REFS_FULL distinct series of a file
 * get one each, never moved once made, valid until the table is freed;
 * past them (a fio JSON of 14,000 jobs has 630,000 series, most seen
 * once) a series is kept as a 12-byte record of its interned names,
 * parameters, last repetition and merge-check flag, and handed out in
 * the table's one scratch ref, valid until the next bdb_refs_intern:
 * what the consumers remember in it is then not kept, except the
 * repetition and the flag, which bdb_refs_done writes back. */
#ifndef BDB_REFS_H
#define BDB_REFS_H

#include <stddef.h>

#include "bdb_sample.h"

typedef struct bdb_refs_block bdb_refs_block;
typedef struct bdb_refs_small bdb_refs_small;

#define BDB_REFS_FULL 16384

/* A slot of the refs' table: the ref's hash beside it, so that a probe
 * reads no ref but the one it finds (1M rows of a lab's CSV, each a new
 * platform x series, spent 9% of their import missing the cache on refs
 * passed over). */
typedef struct bdb_refs_slot {
    unsigned long long hash;
    bdb_series_ref *ref;        /* NULL: free */
} bdb_refs_slot;

typedef struct bdb_refs {
    bdb_refs_slot *slots;
    size_t nslots, used;
    /* the refs themselves, with their names, are carved from blocks that
     * double up to a cap: a file of 600,000 series makes 600,000 refs,
     * and one malloc each cost its header and its time */
    bdb_refs_block *blocks;     /* the newest first */
    size_t block_free;          /* bytes left at its end */
    char **texts;           /* the parameters' texts, open addressing;
                               each is preceded by its number in: */
    const char **text_list;
    size_t ntext_list, text_list_cap;
    size_t ntexts, texts_used;
    const char *last_text;  /* the text interned last */
    /* past BDB_REFS_FULL: the records, in chunks that never move, found
     * through slots holding their number + 1; their names' texts, carved
     * like the refs, by number (slots: number + 1) */
    bdb_refs_small **chunks;
    size_t nsmall, nchunks;
    unsigned *small_slots;  /* number + 1 in the low bits (as many as
                               nsmall_slots needs), the record's hash's
                               high bits above them (0: free) */
    size_t nsmall_slots;
    const char **name_list;
    size_t nname_list, name_list_cap;
    unsigned *name_slots;
    size_t nname_slots;
    bdb_series_ref scratch;
    bdb_refs_small *scratch_of; /* the record the scratch stands for */
} bdb_refs;

/* A zeroed bdb_refs is empty and ready. */
void bdb_refs_free(bdb_refs *t);

/* FNV-1a of [p, p+n), the hash the table keys on. */
unsigned long long bdb_refs_hash(const char *p, size_t n);

/* The ref of names[0..len) (platform \x1f tool \x1f benchmark \x1f metric
 * \x1f) with the parameters' text params, made zeroed but for its key
 * fields when absent; NULL when out of memory. series_at is where the
 * tool starts in names (the caller knows: names may hold \x1f too). */
bdb_series_ref *bdb_refs_intern(bdb_refs *t, const char *names, size_t len,
                                size_t series_at, const char *params);

/* The caller is done with ref (from bdb_refs_intern): a scratch ref's
 * repetition and merge-check flag go back to its record. */
void bdb_refs_done(bdb_refs *t, bdb_series_ref *ref);

#endif
