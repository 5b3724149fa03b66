/* store_cache.c - the series cache every back-end keeps per transaction
 * (see store_internal.h): open addressing on a word-at-a-time hash. */
#include "store_internal.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_strmap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A cache of more entries than this starts again empty: a file of a
 * million series each seen once gains nothing from keeping them all, and
 * memory stays bounded. */
#define SCACHE_MAX 16384

struct bdb_scache_block {
    bdb_scache_block *next;
    size_t size;
    char data[];
};

/* The first block holds a few dozen keys (a small log has fewer series);
 * each next one doubles, up to this. */
#define BLOCK_MIN ((size_t)4 << 10)
#define BLOCK_MAX ((size_t)256 << 10)

/* Forgets the series (and the sets, when they are as many); the ids
 * refs remember stay valid: the transaction goes on. */
static void evict(bdb_scache *c)
{
    for (bdb_scache_block *b = c->blocks, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    c->blocks = NULL;
    c->block_free = 0;
    free(c->slots);
    c->slots = NULL;
    c->nslots = c->used = 0;
}

/* n bytes for a key and its unit; NULL when out of memory. */
static char *carve(bdb_scache *c, size_t n)
{
    if (!c->blocks || c->block_free < n) {
        size_t size = c->blocks ? c->blocks->size * 2 : BLOCK_MIN;
        if (size > BLOCK_MAX)
            size = BLOCK_MAX;
        if (size < n)
            size = n;
        bdb_scache_block *b = malloc(sizeof *b + size);
        if (!b)
            return NULL;
        b->next = c->blocks;
        b->size = size;
        c->blocks = b;
        c->block_free = size;
    }
    char *p = c->blocks->data + (c->blocks->size - c->block_free);
    c->block_free -= n;
    return p;
}

void bdb_scache_clear(bdb_scache *c)
{
    evict(c);
    bdb_strmap_free(&c->sets);
    free(c->last_key);
    c->last_key = NULL;
    c->last_cap = 0;
    c->last_valid = 0;
    c->generation++;
}

int bdb_scache_last(const bdb_scache *c, const bdb_sample *smp, long long *id)
{
    const bdb_series_ref *r = smp->ref;
    if (!r || !c->last_valid || c->last_generation != c->generation)
        return 0;
    size_t n = (size_t)(r->names_len - r->series_at);
    if (n != c->last_names_len ||
        memcmp(c->last_key, r->names + r->series_at, n) != 0 ||
        strcmp(c->last_key + n, r->params) != 0 ||
        strcmp(c->last_unit, smp->unit ? smp->unit : "") != 0)
        return 0;
    *id = c->last_id;
    return 1;
}

void bdb_scache_last_keep(bdb_scache *c, const bdb_sample *smp, long long id,
                          const char *unit)
{
    const bdb_series_ref *r = smp->ref;
    c->last_valid = 0;
    size_t un = strlen(unit);
    if (!r || un >= sizeof c->last_unit)
        return;
    size_t n = (size_t)(r->names_len - r->series_at), pn = strlen(r->params);
    if (n + pn + 1 > c->last_cap) {
        size_t cap = (n + pn + 1) * 2;
        char *k = realloc(c->last_key, cap);
        if (!k)
            return;
        c->last_key = k;
        c->last_cap = cap;
    }
    memcpy(c->last_key, r->names + r->series_at, n);
    memcpy(c->last_key + n, r->params, pn + 1);
    memcpy(c->last_unit, unit, un + 1);
    c->last_names_len = n;
    c->last_id = id;
    c->last_generation = c->generation;
    c->last_valid = 1;
}

void bdb_scache_put_set(bdb_scache *c, const char *params, long long id)
{
    if (c->sets.used >= SCACHE_MAX)
        bdb_strmap_free(&c->sets);
    bdb_strmap_entry *e = bdb_strmap_put(&c->sets, params, NULL);
    if (e)
        e->value = id;
}

int bdb_scache_ref_ids(const bdb_scache *c, const void *owner,
                       const bdb_sample *smp, long long *series,
                       long long *platform)
{
    const bdb_series_ref *r = smp->ref;
    if (!r || !r->series_id || r->owner != owner ||
        r->generation != c->generation ||
        strcmp(r->unit, smp->unit ? smp->unit : "") != 0)
        return 0;
    *series = r->series_id;
    *platform = r->platform_id;
    return 1;
}

void bdb_scache_ref_keep(const bdb_scache *c, const void *owner,
                         const bdb_sample *smp, long long series,
                         long long platform, const char *unit)
{
    bdb_series_ref *r = smp->ref;
    size_t n = strlen(unit);
    if (!r || n >= sizeof r->unit)
        return;     /* not remembered: found the slow way each time */
    r->owner = owner;
    r->generation = c->generation;
    r->series_id = series;
    r->platform_id = platform;
    memcpy(r->unit, unit, n + 1);
}

bdb_scache_entry *bdb_scache_find(bdb_scache *c, const char *key)
{
    if (!c->nslots)
        return NULL;
    uint64_t h = bdb_str_hash(key);
    size_t j = h & (c->nslots - 1);
    while (c->slots[j].key) {
        if (c->slots[j].hash == h && strcmp(c->slots[j].key, key) == 0)
            return &c->slots[j];
        j = (j + 1) & (c->nslots - 1);
    }
    return NULL;
}

void bdb_scache_put(bdb_scache *c, const char *key, long long id,
                    const char *unit)
{
    if (c->used >= SCACHE_MAX)
        evict(c);
    if ((c->used + 1) * 2 > c->nslots) {
        size_t n = c->nslots ? c->nslots * 2 : 1024;
        bdb_scache_entry *s = calloc(n, sizeof *s);
        if (!s)
            return;
        for (size_t i = 0; i < c->nslots; i++) {
            if (!c->slots[i].key)
                continue;
            size_t j = c->slots[i].hash & (n - 1);
            while (s[j].key)
                j = (j + 1) & (n - 1);
            s[j] = c->slots[i];
        }
        free(c->slots);
        c->slots = s;
        c->nslots = n;
    }
    uint64_t h = bdb_str_hash(key);
    size_t j = h & (c->nslots - 1);
    while (c->slots[j].key)
        j = (j + 1) & (c->nslots - 1);
    size_t kn = strlen(key), un = strlen(unit);
    char *k = carve(c, kn + un + 2);
    if (!k)
        return;
    memcpy(k, key, kn + 1);
    memcpy(k + kn + 1, unit, un + 1);
    c->slots[j] = (bdb_scache_entry){k, id, k + kn + 1, h};
    c->used++;
}

int bdb_scache_series(bdb_scache *c, const bdb_sample *smp, long long *id,
                      int (*find)(void *ctx, const bdb_sample *smp,
                                  long long *id),
                      void *ctx)
{
    if (bdb_scache_last(c, smp, id))
        return 0;
    int rc = find(ctx, smp, id);
    if (!rc)
        bdb_scache_last_keep(c, smp, *id, smp->unit ? smp->unit : "");
    return rc;
}

/* Without printf: the keys are made for every figure (its parsing of the
 * format was ~2% of an import of small logs). */
void bdb_series_key(const bdb_sample *smp, char *params, size_t paramsz,
                    char *key, size_t keysz)
{
    const char *p;
    size_t at;
    if (smp->ref) {     /* formatted once already, by ingest */
        const bdb_series_ref *r = smp->ref;
        p = r->params;
        bdb_put_at(params, paramsz, 0, p, strlen(p));
        at = bdb_put_at(key, keysz, 0, r->names + r->series_at,
                     (size_t)(r->names_len - r->series_at));
    } else {
        bdb_params_format(&smp->params, params, paramsz);
        p = params;
        const char *parts[] = {smp->tool, smp->benchmark, smp->metric};
        at = 0;
        for (int i = 0; i < 3; i++) {
            at = bdb_put_at(key, keysz, at, parts[i], strlen(parts[i]));
            at = bdb_put_at(key, keysz, at, "\x1f", 1);
        }
    }
    bdb_put_at(key, keysz, at, p, strlen(p));
}
