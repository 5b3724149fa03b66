/* bdb_refs.c - interned series identities (see bdb_refs.h): open
 * addressing on the stored hash, each ref one allocation with its key. */
#include "bdb_refs.h"

#include <stdlib.h>
#include <string.h>

unsigned long long bdb_refs_hash(const char *p, size_t n)
{
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

void bdb_refs_free(bdb_refs *t)
{
    for (size_t i = 0; i < t->nslots; i++)
        free(t->slots[i]);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static int grow(bdb_refs *t)
{
    size_t n = t->nslots ? t->nslots * 2 : 64;
    bdb_series_ref **s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nslots; i++) {
        bdb_series_ref *r = t->slots[i];
        if (!r)
            continue;
        size_t j = (size_t)r->hash & (n - 1);
        while (s[j])
            j = (j + 1) & (n - 1);
        s[j] = r;
    }
    free(t->slots);
    t->slots = s;
    t->nslots = n;
    return 0;
}

bdb_series_ref *bdb_refs_intern(bdb_refs *t, const char *key, size_t len,
                                size_t series_at, size_t params_at)
{
    unsigned long long h = bdb_refs_hash(key, len);
    if (t->nslots) {
        size_t j = (size_t)h & (t->nslots - 1);
        for (bdb_series_ref *r; (r = t->slots[j]) != NULL;
             j = (j + 1) & (t->nslots - 1))
            if (r->hash == h && r->key_len == len &&
                memcmp(r->key, key, len) == 0)
                return r;
    }
    if ((t->used + 1) * 2 > t->nslots && grow(t))
        return NULL;
    bdb_series_ref *r = calloc(1, sizeof *r + len + 1);
    if (!r)
        return NULL;
    char *k = (char *)(r + 1);
    memcpy(k, key, len);
    k[len] = '\0';
    r->key = k;
    r->key_len = len;
    r->hash = h;
    r->series_key = k + (series_at <= len ? series_at : len);
    r->params = k + (params_at <= len ? params_at : len);
    size_t j = (size_t)h & (t->nslots - 1);
    while (t->slots[j])
        j = (j + 1) & (t->nslots - 1);
    t->slots[j] = r;
    t->used++;
    return r;
}
