/* bdb_strmap.c - open-addressing string table (see bdb_strmap.h). */
#include "bdb_strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Eight bytes a step: the import's merge check looks up a ~100-byte key
 * for each series of each file, and the series cache a ~130-byte one,
 * and FNV-1a's multiply per byte was most of a lookup. */
uint64_t bdb_str_hash(const char *s)
{
    size_t n = strlen(s);
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n, w;
    for (; n >= 8; s += 8, n -= 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    w = 0;
    memcpy(&w, s, n);
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 29);
}

void bdb_strmap_free(bdb_strmap *m)
{
    for (size_t i = 0; i < m->nslots; i++)
        free(m->slots[i].key);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

/* The slot of key (hash h), or the free slot where it would go. */
static size_t slot_of(const bdb_strmap_entry *slots, size_t nslots,
                      const char *key, uint64_t h)
{
    size_t j = (size_t)h & (nslots - 1);
    while (slots[j].key &&
           (slots[j].hash != h || strcmp(slots[j].key, key) != 0))
        j = (j + 1) & (nslots - 1);
    return j;
}

bdb_strmap_entry *bdb_strmap_get(const bdb_strmap *m, const char *key)
{
    if (!m->nslots)
        return NULL;
    size_t j = slot_of(m->slots, m->nslots, key, bdb_str_hash(key));
    return m->slots[j].key ? &m->slots[j] : NULL;
}

static int grow(bdb_strmap *m)
{
    size_t n = m->nslots ? m->nslots * 2 : 64;
    bdb_strmap_entry *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    /* the keys are distinct: each goes to the first free slot from its
     * hash's, with no comparison */
    for (size_t i = 0; i < m->nslots; i++) {
        if (!m->slots[i].key)
            continue;
        size_t j = (size_t)m->slots[i].hash & (n - 1);
        while (s[j].key)
            j = (j + 1) & (n - 1);
        s[j] = m->slots[i];
    }
    free(m->slots);
    m->slots = s;
    m->nslots = n;
    return 0;
}

bdb_strmap_entry *bdb_strmap_put(bdb_strmap *m, const char *key, int *made)
{
    if (made)
        *made = 0;
    if ((m->used + 1) * 2 > m->nslots && grow(m))
        return NULL;
    uint64_t h = bdb_str_hash(key);
    size_t j = slot_of(m->slots, m->nslots, key, h);
    if (!m->slots[j].key) {
        m->slots[j].key = strdup(key);
        if (!m->slots[j].key)
            return NULL;
        m->slots[j].value = 0;
        m->slots[j].hash = h;
        m->used++;
        if (made)
            *made = 1;
    }
    return &m->slots[j];
}
