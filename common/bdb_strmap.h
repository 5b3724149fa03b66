/* bdb_strmap.h - a hash table from strings to numbers.
 *
 * The streaming import keeps one entry per distinct series of a file (the
 * last repetition number it gave), so its memory follows the number of
 * series, never the number of figures. */
#ifndef BDB_STRMAP_H
#define BDB_STRMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct bdb_strmap_entry {
    char *key;          /* NULL: a free slot */
    long long value;
    uint64_t hash;      /* the key's (bdb_strmap.c) */
} bdb_strmap_entry;

typedef struct bdb_strmap {
    bdb_strmap_entry *slots;
    size_t nslots, used;
} bdb_strmap;

/* A string's 64-bit hash, eight bytes a step (for in-memory tables only:
 * it is not stable across builds' endianness, never stored). */
uint64_t bdb_str_hash(const char *s);

/* A zeroed bdb_strmap is empty and ready. */
void bdb_strmap_free(bdb_strmap *m);

/* The entry for key, or NULL. */
bdb_strmap_entry *bdb_strmap_get(const bdb_strmap *m, const char *key);

/* The entry for key, made (with value 0) when absent; NULL when out of
 * memory. *made (may be NULL) says whether it was made. */
bdb_strmap_entry *bdb_strmap_put(bdb_strmap *m, const char *key, int *made);

#endif
