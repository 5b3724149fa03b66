/* bdb_arena.c - blocks handed out from large chunks, freed together (see
 * bdb_arena.h). */
#include "bdb_arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A chunk's usual size: a few pages of a small report, a handful of
 * chunks for a lab's million cells. */
#define CHUNK_BYTES ((size_t)1 << 20)
#define ALIGN alignof(max_align_t)

struct bdb_arena_chunk {
    bdb_arena_chunk *next;
    alignas(max_align_t) unsigned char data[];
};

void *bdb_arena_alloc(bdb_arena *a, size_t n)
{
    if (n == 0 || n > SIZE_MAX - ALIGN - sizeof(bdb_arena_chunk))
        return NULL;
    n = (n + ALIGN - 1) & ~(ALIGN - 1);
    if (a->head && n > CHUNK_BYTES / 4) {
        /* a large block gets a chunk of its own, behind the head, whose
         * room stays for the small ones */
        bdb_arena_chunk *c = calloc(1, sizeof *c + n);
        if (!c)
            return NULL;
        c->next = a->head->next;
        a->head->next = c;
        return c->data;
    }
    if (!a->head || a->cap - a->used < n) {
        size_t cap = n > CHUNK_BYTES ? n : CHUNK_BYTES;
        bdb_arena_chunk *c = calloc(1, sizeof *c + cap);
        if (!c)
            return NULL;
        c->next = a->head;
        a->head = c;
        a->used = 0;
        a->cap = cap;
    }
    void *p = a->head->data + a->used;
    a->used += n;
    return p;
}

char *bdb_arena_strdup(bdb_arena *a, const char *s)
{
    if (!s)
        s = "";
    size_t len = strlen(s);
    char *d = bdb_arena_alloc(a, len + 1);
    if (d)
        memcpy(d, s, len + 1);
    return d;
}

void bdb_arena_free(bdb_arena *a)
{
    for (bdb_arena_chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    a->head = NULL;
    a->used = a->cap = 0;
}
