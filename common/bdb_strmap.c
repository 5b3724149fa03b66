/* bdb_strmap.c - open-addressing string table (see bdb_strmap.h). */
#include "bdb_strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;       /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

void bdb_strmap_free(bdb_strmap *m)
{
    for (size_t i = 0; i < m->nslots; i++)
        free(m->slots[i].key);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

static size_t slot_of(const bdb_strmap_entry *slots, size_t nslots,
                      const char *key)
{
    size_t j = hash(key) & (nslots - 1);
    while (slots[j].key && strcmp(slots[j].key, key) != 0)
        j = (j + 1) & (nslots - 1);
    return j;
}

bdb_strmap_entry *bdb_strmap_get(const bdb_strmap *m, const char *key)
{
    if (!m->nslots)
        return NULL;
    size_t j = slot_of(m->slots, m->nslots, key);
    return m->slots[j].key ? &m->slots[j] : NULL;
}

static int grow(bdb_strmap *m)
{
    size_t n = m->nslots ? m->nslots * 2 : 64;
    bdb_strmap_entry *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < m->nslots; i++)
        if (m->slots[i].key)
            s[slot_of(s, n, m->slots[i].key)] = m->slots[i];
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
    size_t j = slot_of(m->slots, m->nslots, key);
    if (!m->slots[j].key) {
        m->slots[j].key = strdup(key);
        if (!m->slots[j].key)
            return NULL;
        m->slots[j].value = 0;
        m->used++;
        if (made)
            *made = 1;
    }
    return &m->slots[j];
}
