/* serve_cache.c - pages by data version and request (serve_cache.h). */
#include "serve_cache.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void page_free(srv_page *p)
{
    free(p->key);
    free(p->body);
}

static void drop_oldest(srv_cache *c, size_t k)
{
    if (!k)         /* an empty cache has no array to move */
        return;
    for (size_t i = 0; i < k; i++) {
        c->bytes -= c->pages[i].len + strlen(c->pages[i].key);
        page_free(&c->pages[i]);
    }
    memmove(c->pages, c->pages + k, (c->n - k) * sizeof *c->pages);
    c->n -= k;
}

void srv_cache_version(srv_cache *c, const char *version)
{
    if (strcmp(c->version, version) == 0)
        return;
    drop_oldest(c, c->n);
    snprintf(c->version, sizeof c->version, "%s", version);
}

const srv_page *srv_cache_get(srv_cache *c, const char *key)
{
    /* newest first: a reload asks for what was just made */
    for (size_t i = c->n; i-- > 0;)
        if (strcmp(c->pages[i].key, key) == 0) {
            c->hits++;
            return &c->pages[i];
        }
    c->misses++;
    return NULL;
}

void srv_cache_put(srv_cache *c, const char *key, const char *body,
                   size_t len, const char *ctype, const char *filename,
                   int cut)
{
    size_t size = len + strlen(key);
    if (!c->version[0] || size > SRV_CACHE_BYTES / 8)
        return;
    while (c->n && (c->bytes + size > SRV_CACHE_BYTES || c->n >= SRV_CACHE_PAGES))
        drop_oldest(c, 1);
    srv_page *grown = bdb_grow(c->pages, c->n, &c->cap, sizeof *grown, 64);
    if (!grown)
        return;
    c->pages = grown;
    srv_page *p = &c->pages[c->n];
    memset(p, 0, sizeof *p);
    p->key = strdup(key);
    p->body = malloc(len ? len : 1);
    if (!p->key || !p->body) {
        page_free(p);
        return;
    }
    memcpy(p->body, body, len);
    p->len = len;
    snprintf(p->ctype, sizeof p->ctype, "%s", ctype);
    snprintf(p->filename, sizeof p->filename, "%s", filename);
    p->cut = cut;
    c->bytes += size;
    c->n++;
}

void srv_cache_free(srv_cache *c)
{
    drop_oldest(c, c->n);
    free(c->pages);
    memset(c, 0, sizeof *c);
}
