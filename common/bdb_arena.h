/* bdb_arena.h - many small blocks that live and die together: a report
 * model's values and names. A lab's report holds a million cells of one
 * or two values and 125,000 series of five names; one malloc each gave
 * every block a header and a rounding of its own, and a million calls.
 * Blocks come from large zeroed chunks and are freed all at once. */
#ifndef BDB_ARENA_H
#define BDB_ARENA_H

#include <stddef.h>

typedef struct bdb_arena_chunk bdb_arena_chunk;

typedef struct bdb_arena {
    bdb_arena_chunk *head;  /* the chunk blocks come from; older ones
                               follow it */
    size_t used, cap;       /* bytes of head's data handed out, held */
    size_t first;           /* the first chunk's bytes (0: 1 MB): a
                               report's thousands of small tables each
                               want a few KB */
} bdb_arena;                /* {0} is an empty arena */

/* n zeroed bytes aligned for any type, valid until bdb_arena_free; NULL
 * when out of memory (or n is 0 or too large to count). */
void *bdb_arena_alloc(bdb_arena *a, size_t n);

/* As bdb_arena_alloc, aligned to align only (a power of two no larger
 * than max_align_t's; others mean max_align_t's): blocks of doubles and
 * integers need 8, and a rounding to 16 of a lab's million blocks of 21
 * bytes was a third of them. */
void *bdb_arena_alloc_aligned(bdb_arena *a, size_t n, size_t align);

/* A copy of s ("" for NULL) in the arena; NULL when out of memory. */
char *bdb_arena_strdup(bdb_arena *a, const char *s);

/* Frees every block; the arena is then empty and can be used again. */
void bdb_arena_free(bdb_arena *a);

#endif
