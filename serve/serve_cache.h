/* serve_cache.h - the pages benchdb serve made, kept in memory by the
 * database's data version and the request (path and query): a page asked
 * again while the data is unchanged is sent from memory. A new data
 * version (any commit, by any process) empties it. Bounded in bytes and
 * pages; the oldest go first. Used by the server's one thread only. */
#ifndef BDB_SERVE_CACHE_H
#define BDB_SERVE_CACHE_H

#include <stddef.h>

/* Bytes and pages the cache holds at most; a page larger than an eighth
 * of the bytes is not kept. */
#define SRV_CACHE_BYTES (64u << 20)
#define SRV_CACHE_PAGES 4096u

typedef struct srv_page {
    char *key;
    char *body;
    size_t len;
    char ctype[64];
    char filename[128];
    int cut;
} srv_page;

typedef struct srv_cache {
    char version[256];          /* the data version the pages are of */
    srv_page *pages;            /* oldest first */
    size_t n, cap, bytes;
    unsigned long long hits, misses;
} srv_cache;

/* Empties the cache when version is not the one its pages are of. */
void srv_cache_version(srv_cache *c, const char *version);
/* The page kept under key, or NULL. */
const srv_page *srv_cache_get(srv_cache *c, const char *key);
/* Keeps a copy of a page (nothing when memory is short or it is too big). */
void srv_cache_put(srv_cache *c, const char *key, const char *body,
                   size_t len, const char *ctype, const char *filename,
                   int cut);
void srv_cache_free(srv_cache *c);

#endif
