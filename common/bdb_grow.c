/* bdb_grow.c - room for one more element in a growing array (see
 * bdb_grow.h). */
#include "bdb_grow.h"

#include <stdint.h>
#include <stdlib.h>

void *bdb_grow(void *p, size_t n, size_t *cap, size_t size, size_t first)
{
    if (n < *cap)
        return p;
    size_t want = *cap ? *cap : first;
    if (*cap && want > SIZE_MAX / 2)
        return NULL;
    if (*cap)
        want *= 2;
    if (want <= n || size == 0 || want > SIZE_MAX / size)
        return NULL;
    void *q = realloc(p, want * size);
    if (!q)
        return NULL;
    *cap = want;
    return q;
}
