/* store_cache.c - the series cache every back-end keeps per transaction
 * (see store_internal.h): open addressing on an FNV-1a hash. */
#include "store_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bdb_scache_clear(bdb_scache *c)
{
    for (size_t i = 0; i < c->nslots; i++) {
        free(c->slots[i].key);
        free(c->slots[i].unit);
    }
    free(c->slots);
    memset(c, 0, sizeof *c);
}

static uint64_t scache_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

bdb_scache_entry *bdb_scache_find(bdb_scache *c, const char *key)
{
    if (!c->nslots)
        return NULL;
    size_t j = scache_hash(key) & (c->nslots - 1);
    while (c->slots[j].key) {
        if (strcmp(c->slots[j].key, key) == 0)
            return &c->slots[j];
        j = (j + 1) & (c->nslots - 1);
    }
    return NULL;
}

void bdb_scache_put(bdb_scache *c, const char *key, long long id,
                    const char *unit)
{
    if ((c->used + 1) * 2 > c->nslots) {
        size_t n = c->nslots ? c->nslots * 2 : 1024;
        bdb_scache_entry *s = calloc(n, sizeof *s);
        if (!s)
            return;
        for (size_t i = 0; i < c->nslots; i++) {
            if (!c->slots[i].key)
                continue;
            size_t j = scache_hash(c->slots[i].key) & (n - 1);
            while (s[j].key)
                j = (j + 1) & (n - 1);
            s[j] = c->slots[i];
        }
        free(c->slots);
        c->slots = s;
        c->nslots = n;
    }
    size_t j = scache_hash(key) & (c->nslots - 1);
    while (c->slots[j].key)
        j = (j + 1) & (c->nslots - 1);
    char *k = strdup(key), *u = strdup(unit);
    if (!k || !u) {
        free(k);
        free(u);
        return;
    }
    c->slots[j] = (bdb_scache_entry){k, id, u};
    c->used++;
}

void bdb_series_key(const bdb_sample *smp, char *params, size_t paramsz,
                    char *key, size_t keysz)
{
    bdb_params_format(&smp->params, params, paramsz);
    snprintf(key, keysz, "%s\x1f%s\x1f%s\x1f%s", smp->tool, smp->benchmark,
             smp->metric, params);
}
