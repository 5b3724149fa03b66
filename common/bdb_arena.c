/* bdb_arena.c - blocks handed out from large chunks, freed together (see
 * bdb_arena.h).
 *
 * Chunks double from 1 MB to 64 MB, so a lab's report of 200 MB takes a
 * dozen. Where the system has transparent huge pages on request
 * (madvise), chunks of 2 MB and more are mapped and asked for them: the
 * first touch of each 4 KB page of a fresh chunk was a fault of its own,
 * a tenth of a lab's report. */
#include "bdb_arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define CHUNK_FIRST ((size_t)1 << 20)
#define CHUNK_LAST ((size_t)64 << 20)
#define HUGE_PAGE ((size_t)2 << 20)
#define ALIGN alignof(max_align_t)

struct bdb_arena_chunk {
    bdb_arena_chunk *next;
    size_t bytes;       /* of the whole chunk, header included */
    int mapped;         /* mmap'd: munmap, not free */
    alignas(max_align_t) unsigned char data[];
};

/* A zeroed chunk with cap bytes of data, or NULL. */
static bdb_arena_chunk *chunk_new(size_t cap)
{
    size_t bytes = sizeof(bdb_arena_chunk) + cap;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (cap >= HUGE_PAGE) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            (void)madvise(p, bytes, MADV_HUGEPAGE); /* a hint only */
            bdb_arena_chunk *c = p;
            c->bytes = bytes;
            c->mapped = 1;
            return c;
        }
    }
#endif
    bdb_arena_chunk *c = calloc(1, bytes);
    if (c)
        c->bytes = bytes;
    return c;
}

static void chunk_free(bdb_arena_chunk *c)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (c->mapped) {
        (void)munmap(c, c->bytes);
        return;
    }
#endif
    free(c);
}

void *bdb_arena_alloc_aligned(bdb_arena *a, size_t n, size_t align)
{
    if (align == 0 || align > ALIGN || (align & (align - 1)))
        align = ALIGN;
    if (n == 0 || n > SIZE_MAX / 2 - ALIGN - sizeof(bdb_arena_chunk))
        return NULL;
    n = (n + align - 1) & ~(align - 1);
    if (a->head && n > CHUNK_FIRST / 4) {
        /* a large block gets a chunk of its own, behind the head, whose
         * room stays for the small ones */
        bdb_arena_chunk *c = chunk_new(n);
        if (!c)
            return NULL;
        c->next = a->head->next;
        a->head->next = c;
        return c->data;
    }
    size_t at = a->head ? (a->used + align - 1) & ~(align - 1) : 0;
    if (!a->head || at > a->cap || a->cap - at < n) {
        size_t cap = a->head && a->cap < CHUNK_LAST ? a->cap * 2
                     : a->first                   ? a->first
                                                  : CHUNK_FIRST;
        if (a->head && a->cap >= CHUNK_LAST)
            cap = CHUNK_LAST;
        if (cap < n)
            cap = n;
        bdb_arena_chunk *c = chunk_new(cap);
        if (!c)
            return NULL;
        c->next = a->head;
        a->head = c;
        a->used = 0;
        a->cap = cap;
        at = 0;
    }
    void *p = a->head->data + at;
    a->used = at + n;
    return p;
}

void *bdb_arena_alloc(bdb_arena *a, size_t n)
{
    return bdb_arena_alloc_aligned(a, n, ALIGN);
}

char *bdb_arena_strdup(bdb_arena *a, const char *s)
{
    if (!s)
        s = "";
    size_t len = strlen(s);
    char *d = bdb_arena_alloc_aligned(a, len + 1, 1);
    if (d)
        memcpy(d, s, len + 1);
    return d;
}

void bdb_arena_free(bdb_arena *a)
{
    for (bdb_arena_chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        chunk_free(c);
    }
    a->head = NULL;
    a->used = a->cap = 0;
}
